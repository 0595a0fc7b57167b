import { BellOff, CheckCircle2, Info } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { PushStatus } from '../hooks/use-push-notifications';

const NOTES: Partial<Record<PushStatus, { text: string; retry?: string; ok?: boolean }>> = {
  subscribed: { text: 'This browser shows your push notifications.', ok: true },
  unsubscribed: {
    text: 'Push notifications are on for your account, but not yet in this browser.',
    retry: 'Enable in this browser',
  },
  unsupported: {
    text: "This browser can't receive push notifications, so none will appear here. Your choice is kept for your other devices.",
  },
  denied: {
    text: "Notifications are blocked for Selah in this browser. Allow them in your browser's site settings, then switch push notifications off and on again.",
  },
  dismissed: {
    text: "You didn't allow notifications, so this browser won't show them.",
    retry: 'Ask again',
  },
  failed: {
    text: "We couldn't turn on push notifications in this browser. Please try again.",
    retry: 'Try again',
  },
};

/** What push means for this browser while the preference is on (spec: explain, never hide). */
export function PushStatusNote({
  id,
  status,
  onRetry,
}: {
  id: string;
  status: PushStatus;
  onRetry: () => void;
}) {
  const note = NOTES[status];
  if (!note) return null;
  const Icon = note.ok ? CheckCircle2 : note.retry ? Info : BellOff;
  return (
    <div
      id={id}
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md bg-muted/60 px-3 py-2 text-sm text-muted-foreground"
    >
      <p className="flex min-w-0 flex-1 basis-56 items-start gap-2">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{note.text}</span>
      </p>
      {note.retry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {note.retry}
        </Button>
      )}
    </div>
  );
}
