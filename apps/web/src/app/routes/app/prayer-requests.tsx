import { PrayerRequestsPage } from '@/features/prayer-requests/components/prayer-requests-page';

export default function PrayerRequestsRoute() {
  return (
    <>
      <title>Prayer Requests · Selah</title>
      <PrayerRequestsPage />
    </>
  );
}
