import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { OrDivider } from '@/components/layouts/or-divider';
import { paths } from '@/config/paths';
import { GoogleButton } from '@/features/auth/components/google-button';
import { SignupForm } from '@/features/auth/components/signup-form';

export default function SignupRoute() {
  const navigate = useNavigate();
  // A friend's invite link (/signup?invite=...) works for both ways of signing up.
  const [params] = useSearchParams();
  const inviteCode = params.get('invite')?.trim() || undefined;
  return (
    <AuthLayout
      title="Create your account"
      description="Start your prayer journal. It's free."
      footer={
        <p>
          Already have an account?{' '}
          <Link
            to={paths.auth.login.getHref()}
            className="font-medium text-primary underline underline-offset-4 hover:decoration-2"
          >
            Sign in
          </Link>
        </p>
      }
    >
      <title>Sign up · Selah</title>
      <div className="grid gap-6">
        <SignupForm
          onSuccess={(email) =>
            void navigate(paths.auth.login.getHref(), { state: { signedUpEmail: email } })
          }
        />
        <OrDivider />
        <GoogleButton label="Sign up with Google" inviteCode={inviteCode} />
      </div>
    </AuthLayout>
  );
}
