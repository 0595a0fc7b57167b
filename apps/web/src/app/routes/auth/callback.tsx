import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { AuthCallback } from '@/features/auth/components/auth-callback';

export default function CallbackRoute() {
  const navigate = useNavigate();
  const onDone = useCallback(
    (outcome: 'success' | 'failure') => {
      const to = outcome === 'success' ? paths.app.dashboard.getHref() : paths.auth.login.getHref();
      void navigate(to, { replace: true });
    },
    [navigate],
  );
  return (
    <AuthLayout title="Signing you in">
      <title>Signing in · Selah</title>
      <AuthCallback onDone={onDone} />
    </AuthLayout>
  );
}
