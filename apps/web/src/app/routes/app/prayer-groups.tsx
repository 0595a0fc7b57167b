import { PrayerGroups } from '@/features/groups/components/prayer-groups';

export default function PrayerGroupsRoute() {
  return (
    <>
      <title>Prayer Groups · Selah</title>
      <PrayerGroups />
    </>
  );
}
