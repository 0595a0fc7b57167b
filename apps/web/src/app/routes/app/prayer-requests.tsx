import { RequestPrayedButton } from '@/features/practice/components/prayed-button';
import type { RenderRequestPrayed } from '@/features/prayer-requests/components/prayer-request-card';
import { PrayerRequestsPage } from '@/features/prayer-requests/components/prayer-requests-page';

/** Each request's "Prayed" (the practice feature's) in the prayer-requests feature's cards. */
const renderPrayed: RenderRequestPrayed = (request) => <RequestPrayedButton request={request} />;

export default function PrayerRequestsRoute() {
  return (
    <>
      <title>Prayer Requests · Selah</title>
      <PrayerRequestsPage renderPrayed={renderPrayed} />
    </>
  );
}
