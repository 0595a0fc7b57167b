import { PrayerPoints } from '@/features/prayers/components/prayer-points';

export function Component() {
  return (
    <>
      <title>Prayer Points · Selah</title>
      <PrayerPoints />
    </>
  );
}
