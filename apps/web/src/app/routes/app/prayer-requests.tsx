import { HandHeart } from 'lucide-react';
import { PageHeader, UpcomingSection } from '@/components/layouts/page-header';

export function Component() {
  return (
    <>
      <title>Prayer Requests · Selah</title>
      <PageHeader
        title="Prayer Requests"
        description="Ask friends to pray with you, and pray for them."
      />
      <UpcomingSection icon={<HandHeart aria-hidden="true" />}>
        Your prayer requests and the requests your friends share with you will appear here.
      </UpcomingSection>
    </>
  );
}
