import { LandingPage } from '@/features/landing/components/landing-page';

export function Component() {
  return (
    <>
      <title>Selah · A quiet place to pray</title>
      <LandingPage />
    </>
  );
}
