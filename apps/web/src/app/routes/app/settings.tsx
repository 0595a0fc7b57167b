import { GOOGLE_CONFIRM_ACTIONS, type GoogleConfirmAction } from '@selah/shared/schemas/auth';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSignOutLocally } from '@/features/auth/hooks/use-logout';
import { NotificationSettings } from '@/features/notifications/components/notification-settings';
import { AppearanceSettings } from '@/features/settings/components/appearance-settings';
import { PrivacySettings } from '@/features/settings/components/privacy-settings';
import { ProfileSettings } from '@/features/settings/components/profile-settings';
import { toast } from '@/lib/toast';

const TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'privacy', label: 'Privacy' },
  { value: 'appearance', label: 'Appearance' },
] as const;
type SettingsTab = (typeof TABS)[number]['value'];

const isTab = (value: string | null): value is SettingsTab =>
  TABS.some((tab) => tab.value === value);

const isAction = (value: string | null): value is GoogleConfirmAction =>
  GOOGLE_CONFIRM_ACTIONS.some((action) => action === value);

/** Where each action's dialog lives. */
const TAB_OF: Record<GoogleConfirmAction, SettingsTab> = { clear: 'privacy', delete: 'profile' };

/**
 * Back from a Google sign-in that Clear Data or Delete Account started for a Google-only account
 * (`?confirmed=` or `?confirm_failed=` and the action, ADR 039): read once, then taken out of
 * the address; a failure is said in a toast.
 */
function useGoogleConfirmation() {
  const [params, setParams] = useSearchParams();
  const [result] = useState(() => {
    const confirmed = params.get('confirmed');
    const failed = params.get('confirm_failed');
    return {
      confirmed: isAction(confirmed) ? confirmed : null,
      failed: isAction(failed) ? failed : null,
    };
  });
  const handled = useRef(false);
  useEffect(() => {
    const action = result.confirmed ?? result.failed;
    if (!action || handled.current) return;
    handled.current = true;
    if (result.failed) {
      toast.error('Not confirmed', {
        description:
          'Google did not confirm that it is you. Please try again with the Google account you sign in with.',
      });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('confirmed');
        next.delete('confirm_failed');
        if (TAB_OF[action] === 'profile') next.delete('tab');
        else next.set('tab', TAB_OF[action]);
        return next;
      },
      { replace: true },
    );
  }, [result, setParams]);
  return result;
}

/**
 * Settings (spec-2 "/settings"): Profile, Notifications, Privacy and Appearance tabs;
 * `?tab=notifications` (the link in notification e-mails) opens that tab. A deleted account
 * or one signed out everywhere signs out here (its session is gone on the server already) and
 * lands on /.
 */
export default function SettingsRoute() {
  const [params, setParams] = useSearchParams();
  const signOut = useSignOutLocally();
  const google = useGoogleConfirmation();
  const returning = google.confirmed ?? google.failed;
  const raw = params.get('tab');
  const tab: SettingsTab = isTab(raw) ? raw : returning ? TAB_OF[returning] : 'profile';

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
          <ProfileSettings
            onSignedOut={() => void signOut()}
            googleConfirmed={google.confirmed === 'delete'}
          />
        </TabsContent>
        <TabsContent value="notifications" className="max-w-2xl">
          <NotificationSettings />
        </TabsContent>
        <TabsContent value="privacy" className="max-w-3xl">
          <PrivacySettings googleConfirmed={google.confirmed === 'clear'} />
        </TabsContent>
        <TabsContent value="appearance" className="max-w-2xl">
          <AppearanceSettings />
        </TabsContent>
      </Tabs>
    </>
  );
}
