import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export default function ResetPasswordRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');

  return (
    <AuthLayout
      title="Choose a new password"
      description={
        token ? 'Setting a new password signs you out on your other devices.' : undefined
      }
      footer={
        <Link
          to={paths.auth.login.getHref()}
          className="font-medium text-primary underline underline-offset-4 hover:decoration-2"
        >
          Back to sign in
        </Link>
      }
    >
      <title>Reset password · Selah</title>
      {token ? (
        <ResetPasswordForm
          token={token}
          onSuccess={() => void navigate(paths.auth.login.getHref(), { replace: true })}
        />
      ) : (
        <div className="grid gap-4 text-center">
          <p role="alert" className="text-sm">
            This reset link is invalid or incomplete. Please request a new one.
          </p>
          <Button asChild>
            <Link to={paths.auth.forgotPassword.getHref()}>Request a new link</Link>
          </Button>
        </div>
      )}
    </AuthLayout>
  );
}
