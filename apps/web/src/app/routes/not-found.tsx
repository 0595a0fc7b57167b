import { NotFoundScreen } from '@/components/errors/not-found-screen';

export default function NotFoundRoute() {
  return (
    <>
      <title>Page Not Found · Selah</title>
      <NotFoundScreen />
    </>
  );
}
