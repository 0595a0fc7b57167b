import { useSearchParams } from 'react-router';
import { RouteError } from '@/components/errors/route-error';
import { PraySession } from '@/features/practice/components/pray-session';
import { AnswerPrayerDialog } from '@/features/prayers/components/lazy-dialogs';
import { useSessionUser } from '@/stores/auth-store';

/** Signed in, without the sidebar and header: the protected layout reads this (root.tsx). */
export const handle = { distractionFree: true };

/** The session is read when the user starts it, never with the page (each read rotates). */
export const shouldRevalidate = () => false;

/** Pray now (issue 20 §1): `?due=1` starts at once with today's due items (the digest's link). */
export default function PrayRoute() {
  const [params] = useSearchParams();
  const user = useSessionUser();
  const dueOnly = params.get('due') === '1';
  return (
    <PraySession
      key={dueOnly ? 'due' : 'all'}
      dueOnly={dueOnly}
      rememberedSize={user?.settings.prayerSessionSize ?? 5}
      renderAnswerDialog={(props) => <AnswerPrayerDialog {...props} />}
      userId={user?._id}
    />
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
