import { MailCheck } from 'lucide-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { OrDivider } from '@/components/layouts/or-divider';
import { paths } from '@/config/paths';
import { GoogleButton } from '@/features/auth/components/google-button';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAuthErrorToast } from '@/features/auth/hooks/use-auth-error-toast';
import { safeRedirectPath } from '@/lib/utils';

/** The address a sign-up just used, handed over in the history state (never in the URL). */
function signedUpEmail(state: unknown): string | null {
  if (!state || typeof state !== 'object' || !('signedUpEmail' in state)) return null;
  const { signedUpEmail: email } = state;
  return typeof email === 'string' && email !== '' ? email : null;
}

export default function LoginRoute() {
  useAuthErrorToast();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo =
    safeRedirectPath(searchParams.get('redirectTo')) ?? paths.app.dashboard.getHref();
  const newEmail = signedUpEmail(useLocation().state);

  return (
    <AuthLayout
      title="Sign in to Selah"
      description={
        newEmail
          ? 'Your account is ready. Sign in to start your prayer journal.'
          : 'Welcome back. Sign in to continue to your prayer journal.'
      }
      footer={
        <p>
          Don&apos;t have an account?{' '}
          <Link
            to={paths.auth.signup.getHref()}
            className="font-medium text-primary underline underline-offset-4 hover:decoration-2"
          >
            Sign up
          </Link>
        </p>
      }
    >
      <title>Sign in · Selah</title>
      <div className="grid gap-6">
        {newEmail && (
          <section
            aria-labelledby="check-email-title"
            className="flex gap-3 rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm"
          >
            <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div className="grid min-w-0 gap-1">
              <h2 id="check-email-title" className="font-medium">
                Check your e-mail
              </h2>
              <p className="text-muted-foreground [overflow-wrap:anywhere]">
                We sent a link to <strong className="text-foreground">{newEmail}</strong> to confirm
                your address. You can sign in now and confirm it later.
              </p>
            </div>
          </section>
        )}
        <LoginForm
          defaultEmail={newEmail ?? ''}
          onSuccess={() => void navigate(redirectTo, { replace: true })}
        />
        <OrDivider />
        <GoogleButton label="Sign in with Google" />
      </div>
    </AuthLayout>
  );
}
