import { BookOpen } from 'lucide-react';
import { PageHeader, UpcomingSection } from '@/components/layouts/page-header';

export function Component() {
  return (
    <>
      <title>My Journals · Selah</title>
      <PageHeader title="My Journals" description="Your private and shared prayer journals." />
      <UpcomingSection icon={<BookOpen aria-hidden="true" />}>
        Your journals will be listed here, with search, tabs for private and shared journals, and a
        button to start a new one.
      </UpcomingSection>
    </>
  );
}
