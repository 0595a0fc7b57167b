import { UsersRound } from 'lucide-react';
import { PageHeader, UpcomingSection } from '@/components/layouts/page-header';

export function Component() {
  return (
    <>
      <title>Prayer Groups · Selah</title>
      <PageHeader
        title="Prayer Groups"
        description="Pray together in groups around a shared journal."
      />
      <UpcomingSection icon={<UsersRound aria-hidden="true" />}>
        The prayer groups you belong to and groups you can join will appear here.
      </UpcomingSection>
    </>
  );
}
