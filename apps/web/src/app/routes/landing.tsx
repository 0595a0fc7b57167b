import { LandingPage } from '@/features/landing/components/landing-page';
import { selectIsAuthenticated, useAuthStore } from '@/stores/auth-store';

export function Component() {
  const isSignedIn = useAuthStore(selectIsAuthenticated);
  return (
    <>
      <title>Selah · A quiet place to pray</title>
      <LandingPage isSignedIn={isSignedIn} />
    </>
  );
}
