import type { NotificationPreferences } from '@selah/shared/schemas/auth';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useErrorToast } from '@/hooks/use-error-toast';
import {
  LOAD_PREFERENCES_ERROR,
  useNotificationPreferences,
} from '../api/get-notification-preferences';
import {
  PREFERENCES_UPDATED,
  UPDATE_PREFERENCES_ERROR,
  useUpdateNotificationPreference,
} from '../api/update-notification-preferences';
import { usePushNotifications } from '../hooks/use-push-notifications';
import { requestNotificationPermission } from '../utils/web-push';
import { PushStatusNote } from './push-status-note';
import { ReminderTimeCard } from './reminder-time-card';

type PreferenceKey = keyof NotificationPreferences;

interface Toggle {
  key: PreferenceKey;
  label: string;
  description: string;
}

const DELIVERY: Toggle[] = [
  {
    key: 'emailNotifications',
    label: 'Email notifications',
    description: 'Receive your notifications by e-mail as well.',
  },
  {
    key: 'pushNotifications',
    label: 'Push notifications',
    description: 'Show notifications on this device, even when Selah is closed.',
  },
];

const TOPICS: Toggle[] = [
  {
    key: 'reminderNotifications',
    label: 'Prayer reminders',
    description: 'A daily reminder to pray, at the time you choose below.',
  },
  {
    key: 'friendRequestNotifications',
    label: 'Friend requests',
    description: 'When someone asks to be your friend or accepts your request.',
  },
  {
    key: 'journalInviteNotifications',
    label: 'Journal invitations',
    description: 'When someone shares a journal with you, joins yours or invites you to a group.',
  },
  {
    key: 'prayerUpdateNotifications',
    label: 'Prayer updates',
    description:
      'When friends share prayers and requests, pray for yours, or a prayer is answered.',
  },
];

function PreferenceRow({
  toggle,
  checked,
  onChange,
  note,
  noteId,
}: {
  toggle: Toggle;
  checked: boolean;
  onChange: (value: boolean) => void;
  note?: React.ReactNode;
  noteId?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="grid gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor={id}>{toggle.label}</Label>
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {toggle.description}
          </p>
        </div>
        <Switch
          id={id}
          checked={checked}
          onCheckedChange={onChange}
          aria-describedby={[`${id}-description`, noteId].filter(Boolean).join(' ')}
          className="mt-0.5"
        />
      </div>
      {note}
    </div>
  );
}

function PreferencesSkeleton() {
  return (
    <div role="status" className="grid gap-6">
      <span className="sr-only">Loading notification preferences...</span>
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="flex items-center justify-between gap-4">
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-full max-w-72" />
          </div>
          <Skeleton className="h-5 w-9 rounded-full" />
        </div>
      ))}
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <h3 id={id} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h3>
      <div className="divide-y">{children}</div>
    </section>
  );
}

/**
 * Settings > Notifications (spec-2 "/settings"): the six switches, each applied at once, saved
 * as the full object and put back with a toast if saving fails; what push means in this
 * browser; and the daily reminder time.
 */
export function NotificationSettings() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreference();
  const push = usePushNotifications();
  const pushNoteId = useId();
  useErrorToast(
    preferences.isError ? preferences.error : null,
    'Error',
    getErrorMessage(preferences.error, LOAD_PREFERENCES_ERROR),
  );

  const onToggle = (key: PreferenceKey, value: boolean) => {
    // The permission prompt must start inside the click, before anything is awaited.
    const permission =
      key === 'pushNotifications' && value ? requestNotificationPermission() : null;
    update.mutate(
      { key, value },
      {
        onSuccess: () => toast.success(PREFERENCES_UPDATED),
        onError: (error) =>
          toast.error('Error', { description: getErrorMessage(error, UPDATE_PREFERENCES_ERROR) }),
      },
    );
    // The account's preference is what the user chose; the browser follows if it can.
    if (permission) void push.enable(permission);
    else if (key === 'pushNotifications') void push.disable();
  };

  const data = preferences.data;
  const row = (toggle: Toggle) =>
    data && (
      <PreferenceRow
        key={toggle.key}
        toggle={toggle}
        checked={data[toggle.key]}
        onChange={(value) => onToggle(toggle.key, value)}
        {...(toggle.key === 'pushNotifications' && data.pushNotifications
          ? {
              noteId: pushNoteId,
              note: (
                <PushStatusNote
                  id={pushNoteId}
                  status={push.status}
                  onRetry={() => void push.enable(requestNotificationPermission())}
                />
              ),
            }
          : {})}
      />
    );

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Notification preferences</h2>
          </CardTitle>
          <CardDescription>Choose how Selah lets you know, and about what.</CardDescription>
        </CardHeader>
        <CardContent>
          {preferences.isPending ? (
            <PreferencesSkeleton />
          ) : preferences.isError ? (
            <div className="grid justify-items-start gap-3">
              <p className="text-sm text-destructive">
                {getErrorMessage(preferences.error, LOAD_PREFERENCES_ERROR)}
              </p>
              <Button size="sm" variant="outline" onClick={() => void preferences.refetch()}>
                Try again
              </Button>
            </div>
          ) : (
            <div className="grid gap-8">
              <Section title="How you are notified">{DELIVERY.map(row)}</Section>
              <Section title="What you are notified about">{TOPICS.map(row)}</Section>
            </div>
          )}
        </CardContent>
      </Card>
      <ReminderTimeCard remindersOn={data?.reminderNotifications} />
    </div>
  );
}
