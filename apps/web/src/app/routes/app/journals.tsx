import { MyJournals } from '@/features/journals/components/my-journals';

export default function JournalsRoute() {
  return (
    <>
      <title>My Journals · Selah</title>
      <MyJournals />
    </>
  );
}
