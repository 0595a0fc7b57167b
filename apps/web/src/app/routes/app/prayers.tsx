import { LazyRhythmView } from '@/features/prayer-log/components/lazy-rhythm-view';
import { PrayerPoints } from '@/features/prayers/components/prayer-points';

export default function PrayersRoute() {
  return (
    <>
      <title>Prayer Points · Selah</title>
      <PrayerPoints rhythm={<LazyRhythmView />} />
    </>
  );
}
