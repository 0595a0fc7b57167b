import { DiscoverJournals } from '@/features/journals/components/discover-journals';

export default function DiscoverRoute() {
  return (
    <>
      <title>Discover · Selah</title>
      <DiscoverJournals />
    </>
  );
}
