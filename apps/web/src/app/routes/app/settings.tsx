import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSignOutLocally } from '@/features/auth/hooks/use-logout';
import { NotificationSettings } from '@/features/notifications/components/notification-settings';
import { AppearanceSettings } from '@/features/settings/components/appearance-settings';
import { PrivacySettings } from '@/features/settings/components/privacy-settings';
import { ProfileSettings } from '@/features/settings/components/profile-settings';

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
 * `?tab=notifications` (the link in notification e-mails) opens that tab. A deleted account
 * signs out here (its session is gone on the server already) and lands on /.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const signOut = useSignOutLocally();
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
        <TabsContent value="profile" className="max-w-3xl">
          <ProfileSettings onAccountDeleted={() => void signOut()} />
        </TabsContent>
        <TabsContent value="notifications" className="max-w-2xl">
          <NotificationSettings />
        </TabsContent>
        <TabsContent value="privacy" className="max-w-3xl">
          <PrivacySettings />
        </TabsContent>
        <TabsContent value="appearance" className="max-w-2xl">
          <AppearanceSettings />
        </TabsContent>
      </Tabs>
    </>
  );
}
