import { LazyRhythmView } from '@/features/practice/components/lazy-rhythm-view';
import { PrayedButton } from '@/features/practice/components/prayed-button';
import type { RenderPrayed } from '@/features/prayers/components/prayer-card';
import { PrayerPoints } from '@/features/prayers/components/prayer-points';

/** Each card's "Prayed" (the practice feature's) in the prayers feature's cards. */
const renderPrayed: RenderPrayed = (props) => <PrayedButton {...props} />;

export default function PrayersRoute() {
  return (
    <>
      <title>Prayer Points · Selah</title>
      <PrayerPoints rhythm={<LazyRhythmView />} renderPrayed={renderPrayed} />
    </>
  );
}
