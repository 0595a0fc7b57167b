import { Settings } from 'lucide-react';
import { PageHeader, UpcomingSection } from '@/components/layouts/page-header';

export function Component() {
  return (
    <>
      <title>Settings · Selah</title>
      <PageHeader
        title="Settings"
        description="Manage your profile, notifications, privacy and appearance."
      />
      <UpcomingSection icon={<Settings aria-hidden="true" />}>
        Profile, notification, privacy and appearance settings will appear here.
      </UpcomingSection>
    </>
  );
}
