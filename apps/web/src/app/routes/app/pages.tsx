import { Outlet } from 'react-router';
import { RouteError } from '@/components/errors/route-error';

/** Around every signed-in page: an error inside a page keeps the sidebar and header. */
export default function SignedInPages() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <RouteError />;
}
