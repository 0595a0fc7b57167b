import { NotFoundScreen } from '@/components/errors/not-found-screen';

export function Component() {
  return (
    <>
      <title>Page Not Found · Selah</title>
      <NotFoundScreen />
    </>
  );
}
