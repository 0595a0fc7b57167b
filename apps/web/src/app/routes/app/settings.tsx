import { Palette, Shield, UserRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader, UpcomingSection } from '@/components/layouts/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { NotificationSettings } from '@/features/notifications/components/notification-settings';

const TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'privacy', label: 'Privacy' },
  { value: 'appearance', label: 'Appearance' },
] as const;
type SettingsTab = (typeof TABS)[number]['value'];

const isTab = (value: string | null): value is SettingsTab =>
  TABS.some((tab) => tab.value === value);

/**
 * Settings (spec-2 "/settings"): Profile, Notifications, Privacy and Appearance tabs;
 * `?tab=notifications` (the link in notification e-mails) opens that tab. Tabs not built yet
 * say so in one line, with no controls that do nothing.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: SettingsTab = isTab(raw) ? raw : 'profile';

  const setTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'profile') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <title>Settings · Selah</title>
      <PageHeader
        title="Settings"
        description="Manage your profile, notifications, privacy and appearance."
      />
      <Tabs value={tab} onValueChange={setTab} className="gap-6">
        <TabsList aria-label="Settings sections" className="w-full sm:w-fit">
          {TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value} className="px-2 sm:px-3">
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile">
          <UpcomingSection icon={<UserRound aria-hidden="true" />}>
            Profile settings (photo, name, bio, time zone and language) are coming soon.
          </UpcomingSection>
        </TabsContent>
        <TabsContent value="notifications" className="max-w-2xl">
          <NotificationSettings />
        </TabsContent>
        <TabsContent value="privacy">
          <UpcomingSection icon={<Shield aria-hidden="true" />}>
            Privacy settings (who can see your profile, send you friend requests and invite you to
            journals) are coming soon.
          </UpcomingSection>
        </TabsContent>
        <TabsContent value="appearance">
          <UpcomingSection icon={<Palette aria-hidden="true" />}>
            More appearance settings are coming soon. Until then, switch light and dark mode and the
            accent colour from the header.
          </UpcomingSection>
        </TabsContent>
      </Tabs>
    </>
  );
}
