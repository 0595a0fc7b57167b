import { PrayerGroups } from '@/features/groups/components/prayer-groups';
import { PrivatePrayersNotice } from '@/features/prayers/components/private-prayers-notice';

/** A new group shows its journal's public prayers: say how many of the chosen one's are private. */
const privatePrayersOf = (journalId: string) => (
  <PrivatePrayersNotice journalId={journalId} audience="group" />
);

export default function PrayerGroupsRoute() {
  return (
    <>
      <title>Prayer Groups · Selah</title>
      <PrayerGroups journalNotice={privatePrayersOf} />
    </>
  );
}
