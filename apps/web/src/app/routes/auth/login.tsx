import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { OrDivider } from '@/components/layouts/or-divider';
import { paths } from '@/config/paths';
import { GoogleButton } from '@/features/auth/components/google-button';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAuthErrorToast } from '@/features/auth/hooks/use-auth-error-toast';
import { safeRedirectPath } from '@/lib/utils';

export default function LoginRoute() {
  useAuthErrorToast();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo =
    safeRedirectPath(searchParams.get('redirectTo')) ?? paths.app.dashboard.getHref();

  return (
    <AuthLayout
      title="Sign in to Selah"
      description="Welcome back. Sign in to continue to your prayer journal."
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
        <LoginForm onSuccess={() => void navigate(redirectTo, { replace: true })} />
        <OrDivider />
        <GoogleButton label="Sign in with Google" />
      </div>
    </AuthLayout>
  );
}
