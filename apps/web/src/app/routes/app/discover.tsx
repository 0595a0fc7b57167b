import { Compass } from 'lucide-react';
import { PageHeader, UpcomingSection } from '@/components/layouts/page-header';

export function Component() {
  return (
    <>
      <title>Discover · Selah</title>
      <PageHeader title="Discover" description="Find public prayer journals to join." />
      <UpcomingSection icon={<Compass aria-hidden="true" />}>
        Public journals from the Selah community will appear here, by popularity, newest and
        trending, with their categories.
      </UpcomingSection>
    </>
  );
}
