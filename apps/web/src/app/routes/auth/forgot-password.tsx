import { Link } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter the e-mail address of your account and we'll send you a link to choose a new password."
      footer={
        <Link
          to={paths.auth.login.getHref()}
          className="font-medium text-primary underline underline-offset-4 hover:decoration-2"
        >
          Back to sign in
        </Link>
      }
    >
      <title>Forgot password · Selah</title>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
