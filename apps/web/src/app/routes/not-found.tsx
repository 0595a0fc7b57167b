import { data } from 'react-router';
import { NotFoundScreen } from '@/components/errors/not-found-screen';

/** On the server: an unknown path answers 404 (to browsers and crawlers), with this page. */
export function loader() {
  return data(null, { status: 404 });
}

/** In the browser (a link to an unknown path): nothing to ask the server. */
export function clientLoader() {
  return null;
}

export default function NotFoundRoute() {
  return (
    <>
      <title>Page Not Found · Selah</title>
      <NotFoundScreen />
    </>
  );
}
