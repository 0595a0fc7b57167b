import { LayoutDashboard } from 'lucide-react';
import { PageHeader, UpcomingSection } from '@/components/layouts/page-header';

export function Component() {
  return (
    <>
      <title>Dashboard · Selah</title>
      <PageHeader title="Dashboard" description="Welcome back to your prayer dashboard" />
      <UpcomingSection icon={<LayoutDashboard aria-hidden="true" />}>
        Your prayer statistics, recent testimonies, a memory verse and your prayer activity will
        appear here.
      </UpcomingSection>
    </>
  );
}
