import { sameTimeZone } from '@selah/shared/time-zones';
import { Globe } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { deviceTimeZone, timeZoneLabel } from '@/lib/time-zones';
import { toast } from '@/lib/toast';
import { useSessionUser } from '@/stores/auth-store';
import { useUpdateProfile } from '../api/update-profile';

const SAVE_FAILED = 'Your time zone could not be saved. Please try again.';

/**
 * The question itself (ADR 057), loaded by TimeZonePrompt (time-zone-prompt-loader.tsx) only for
 * an account whose zone was never chosen: the zone table and the profile mutation stay out of
 * the signed-in shell's first JS. Asks when this device's zone is not the one Selah uses;
 * "Switch" saves the device's zone, "Keep" the one in use; either is their choice, remembered on
 * the server, so no device asks again.
 */
export function TimeZoneQuestion() {
  const user = useSessionUser();
  const [device] = useState(deviceTimeZone);
  const updateProfile = useUpdateProfile();
  if (!user || !device || user.settings.timeZoneChosen) return null;
  const current = user.settings.timeZone ?? 'UTC';
  if (sameTimeZone(current, device)) return null;

  const choose = (timeZone: string) =>
    updateProfile.mutate(
      { timeZone },
      {
        onSuccess: () =>
          toast.success('Time zone saved', {
            description: `Selah uses ${timeZoneLabel(timeZone)} for your days and reminders.`,
          }),
        onError: (error) =>
          toast.error('Time zone not saved', { description: getErrorMessage(error, SAVE_FAILED) }),
      },
    );

  return (
    <section
      aria-label="Time zone"
      className="mb-6 flex items-start gap-3 rounded-lg border bg-card p-3 text-sm text-card-foreground shadow-xs sm:items-center sm:p-4 print:hidden"
    >
      <Globe className="mt-0.5 size-5 shrink-0 text-primary sm:mt-0" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="min-w-0 [overflow-wrap:anywhere]">
          Your device says <span className="font-medium">{device}</span>; Selah uses{' '}
          <span className="font-medium">{timeZoneLabel(current)}</span>. Switch?
        </p>
        <div className="flex shrink-0 gap-2">
          <Button size="sm" disabled={updateProfile.isPending} onClick={() => choose(device)}>
            Switch
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={updateProfile.isPending}
            onClick={() => choose(current)}
          >
            Keep
          </Button>
        </div>
      </div>
    </section>
  );
}
