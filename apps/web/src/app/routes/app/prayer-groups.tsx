import { PrayerGroups } from '@/features/groups/components/prayer-groups';

export function Component() {
  return (
    <>
      <title>Prayer Groups · Selah</title>
      <PrayerGroups />
    </>
  );
}
