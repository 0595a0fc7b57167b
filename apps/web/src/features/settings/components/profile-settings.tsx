import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSettings } from '../api/get-settings';
import { DeleteAccountCard } from './delete-account-card';
import { EmailCard } from './email-card';
import { ProfileForm } from './profile-form';
import { ProfilePhoto } from './profile-photo';
import { SessionsCard } from './sessions-card';
import { SettingsLoadError, SettingsSkeleton } from './settings-states';

/**
 * Settings > Profile: photo, name, username, bio, time zone and language; the e-mail address;
 * sign out everywhere; Delete Account. `onSignedOut` (the sessions have ended on the server:
 * everywhere, or with the deleted account) clears this browser and leaves for the landing page;
 * `googleConfirmed`: back from a Google sign-in confirming the deletion (its dialog opens).
 */
export function ProfileSettings({
  onSignedOut,
  googleConfirmed = false,
}: {
  onSignedOut: () => void;
  googleConfirmed?: boolean;
}) {
  const settings = useSettings();
  if (settings.isPending) return <SettingsSkeleton />;
  if (settings.isError) {
    return <SettingsLoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  }
  const { profile } = settings.data;
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-base">Profile</h2>
          </CardTitle>
          <CardDescription>How you appear to friends and in the groups you join.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <ProfilePhoto
            picture={profile.profilePicture}
            firstName={profile.firstName}
            lastName={profile.lastName}
            email={profile.email}
          />
          <ProfileForm profile={profile} />
        </CardContent>
      </Card>
      <EmailCard email={profile.email} hasPassword={profile.hasPassword} />
      <SessionsCard onSignedOut={onSignedOut} />
      <DeleteAccountCard
        hasPassword={profile.hasPassword}
        googleConfirmed={googleConfirmed}
        onDeleted={onSignedOut}
      />
    </div>
  );
}
