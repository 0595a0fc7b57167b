import { MyJournals } from '@/features/journals/components/my-journals';

export function Component() {
  return (
    <>
      <title>My Journals · Selah</title>
      <MyJournals />
    </>
  );
}
