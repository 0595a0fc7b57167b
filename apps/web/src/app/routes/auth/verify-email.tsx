import { Link } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { EmailLinkResult, useLinkToken } from '@/features/auth/components/email-link-result';

/** Where e-mailed links land: confirming the address, or the new one of an e-mail change. */
export default function VerifyEmailRoute() {
  const token = useLinkToken();
  return (
    <AuthLayout
      title="Your e-mail address"
      footer={
        <Link
          to={paths.home.getHref()}
          className="font-medium text-primary underline underline-offset-4 hover:decoration-2"
        >
          Back to Selah
        </Link>
      }
    >
      <title>Confirm e-mail · Selah</title>
      {token ? (
        <EmailLinkResult token={token} />
      ) : (
        <div className="grid gap-4 text-center">
          <p role="alert" className="text-sm">
            This link is invalid or incomplete. Please open the link from the e-mail again, or sign
            in and ask for a new one.
          </p>
          <Button asChild variant="outline">
            <Link to={paths.auth.login.getHref()}>Sign in</Link>
          </Button>
        </div>
      )}
    </AuthLayout>
  );
}
