import { BookOpen } from 'lucide-react';
import { PageHeader, UpcomingSection } from '@/components/layouts/page-header';

export function Component() {
  return (
    <>
      <title>Journal · Selah</title>
      <PageHeader title="Journal" description="A prayer journal and its prayers." />
      <UpcomingSection icon={<BookOpen aria-hidden="true" />}>
        This journal&apos;s prayers, members and statistics will appear here.
      </UpcomingSection>
    </>
  );
}
