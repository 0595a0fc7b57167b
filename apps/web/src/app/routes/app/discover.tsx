import { DiscoverJournals } from '@/features/journals/components/discover-journals';

export function Component() {
  return (
    <>
      <title>Discover · Selah</title>
      <DiscoverJournals />
    </>
  );
}
