import { Users } from 'lucide-react';
import { PageHeader, UpcomingSection } from '@/components/layouts/page-header';

export function Component() {
  return (
    <>
      <title>Friends · Selah</title>
      <PageHeader title="Friends" description="The people you pray with." />
      <UpcomingSection icon={<Users aria-hidden="true" />}>
        Your friends, friend requests and suggestions will appear here, with a way to invite people
        to Selah.
      </UpcomingSection>
    </>
  );
}
