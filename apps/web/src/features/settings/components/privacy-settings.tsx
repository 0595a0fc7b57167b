import type { PrivacyInput } from '@selah/shared/schemas/settings';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSettings } from '../api/get-settings';
import { useUpdatePrivacy } from '../api/update-privacy';
import { DataCard } from './data-card';
import { SettingsLoadError, SettingsSkeleton } from './settings-states';

const SAVE_FAILED = 'Your privacy settings could not be saved. Please try again.';

type Option<T extends string> = { value: T; label: string; description: string };

const GROUPS: {
  [K in keyof PrivacyInput]: {
    title: string;
    description: string;
    options: Option<PrivacyInput[K]>[];
  };
} = {
  // The server's rule (access policy `profileVisible`, search): the same on every surface that
  // shows a person (search, suggestions, member lists, requests, photos).
  profileVisibility: {
    title: 'Profile visibility',
    description:
      'Who sees your name and photo anywhere on Selah. Also always: people you send a friend request to, members of your journals, and owners and admins of the journals and groups you join.',
    options: [
      {
        value: 'public',
        label: 'Public',
        description: 'Anyone signed in sees your name and photo and can find you by name.',
      },
      {
        value: 'friends',
        label: 'Friends',
        description:
          'Friends and friends of friends see you and find you by name; others only by your exact username or e-mail.',
      },
      {
        value: 'private',
        label: 'Private',
        description:
          'Only your friends see your name and photo; others find you only by your exact e-mail address.',
      },
    ],
  },
  friendRequests: {
    title: 'Friend requests',
    description: 'Who can send you a friend request.',
    options: [
      { value: 'everyone', label: 'Everyone', description: 'Anyone on Selah.' },
      {
        value: 'friends_of_friends',
        label: 'Friends of Friends',
        description: 'Only people who share at least one friend with you.',
      },
      { value: 'off', label: 'Off', description: 'Nobody; you can still send requests.' },
    ],
  },
  journalInvites: {
    title: 'Journal invitations',
    description: 'Who can share their journals with you.',
    options: [
      {
        value: 'everyone',
        label: 'Everyone',
        description: 'Anyone who can share with you (journals are shared between friends).',
      },
      { value: 'friends', label: 'Friends', description: 'Your friends.' },
      { value: 'off', label: 'Off', description: 'Nobody can add you to their journals.' },
    ],
  },
};

/**
 * Settings > Privacy: who can find you, send you friend requests and share journals with you
 * (each choice is saved at once and enforced by the server), and your data: download the
 * activity history or clear it. `googleConfirmed`: back from a Google sign-in confirming Clear
 * Data (its dialog opens).
 */
export function PrivacySettings({ googleConfirmed = false }: { googleConfirmed?: boolean }) {
  const settings = useSettings();
  const updatePrivacy = useUpdatePrivacy();
  if (settings.isPending) return <SettingsSkeleton />;
  if (settings.isError) {
    return <SettingsLoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  }
  const privacy = settings.data.privacy;

  const change = <K extends keyof PrivacyInput>(key: K, value: PrivacyInput[K]) =>
    updatePrivacy.mutate(
      { ...privacy, [key]: value },
      {
        onSuccess: () =>
          toast.success('Privacy updated!', {
            id: 'privacy-saved',
            description: 'Your privacy settings have been saved.',
          }),
        onError: (error) =>
          toast.error('Privacy not saved', { description: getErrorMessage(error, SAVE_FAILED) }),
      },
    );

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-base">Privacy</h2>
          </CardTitle>
          <CardDescription>Each choice is saved as soon as you make it.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <PrivacyGroup
            name="profileVisibility"
            value={privacy.profileVisibility}
            onChange={(value) => change('profileVisibility', value)}
          />
          <PrivacyGroup
            name="friendRequests"
            value={privacy.friendRequests}
            onChange={(value) => change('friendRequests', value)}
          />
          <PrivacyGroup
            name="journalInvites"
            value={privacy.journalInvites}
            onChange={(value) => change('journalInvites', value)}
          />
        </CardContent>
      </Card>
      <DataCard hasPassword={settings.data.profile.hasPassword} googleConfirmed={googleConfirmed} />
    </div>
  );
}

function PrivacyGroup<K extends keyof PrivacyInput>({
  name,
  value,
  onChange,
}: {
  name: K;
  value: PrivacyInput[K];
  onChange: (value: PrivacyInput[K]) => void;
}) {
  const id = useId();
  const group = GROUPS[name];
  return (
    <fieldset aria-describedby={`${id}-description`}>
      <legend className="text-sm font-medium">{group.title}</legend>
      <p id={`${id}-description`} className="mt-1 mb-3 text-sm text-muted-foreground">
        {group.description}
      </p>
      <RadioGroup
        name={name}
        value={value}
        onValueChange={(next) => onChange(next as PrivacyInput[K])}
        className="grid gap-2 md:grid-cols-3"
        aria-label={group.title}
      >
        {group.options.map((option) => (
          <Label
            key={option.value}
            htmlFor={`${id}-${option.value}`}
            className="items-start gap-3 rounded-md border p-3 font-normal has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
          >
            <RadioGroupItem id={`${id}-${option.value}`} value={option.value} className="mt-0.5" />
            <span className="grid gap-1">
              <span className="font-medium">{option.label}</span>
              <span className="text-xs leading-snug text-muted-foreground">
                {option.description}
              </span>
            </span>
          </Label>
        ))}
      </RadioGroup>
    </fieldset>
  );
}
