import { PrayerRequestsPage } from '@/features/prayer-requests/components/prayer-requests-page';

export function Component() {
  return (
    <>
      <title>Prayer Requests · Selah</title>
      <PrayerRequestsPage />
    </>
  );
}
