import { Bell } from 'lucide-react';
import { lazy, useId, useState } from 'react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { Deferred } from '@/components/ui/deferred';
import { getErrorMessage } from '@/lib/api-client';
import { useSessionUser } from '@/stores/auth-store';
import { useErrorToast } from '@/hooks/use-error-toast';
import { LOAD_NOTIFICATIONS_ERROR, useNotifications } from '../api/get-notifications';
import { useNotificationStream } from '../hooks/use-notification-stream';
import { usePushSubscriptionSync } from '../hooks/use-push-subscription-sync';
import { unreadCountOf } from '../utils/notifications-cache';

const NotificationPopover = lazy(() =>
  import('./notification-popover').then((module) => ({ default: module.NotificationPopover })),
);

/** 'Notifications, 3 unread' (or just 'Notifications'): the bell's accessible name. */
export function bellLabel(unread: number) {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/**
 * The header's notification bell (spec-1 §2): the unread count as a badge and a 300 px dropdown
 * with the list. It also keeps the list live (the shared event stream) and this browser's push
 * subscription in line with the user's preference while the user is signed in.
 */
export function NotificationBell() {
  // The session's user, as the shell shows it (the server's while the page hydrates).
  const user = useSessionUser();
  useNotificationStream();
  usePushSubscriptionSync(user?._id ?? null, user?.notificationPreferences.pushNotifications);

  const notifications = useNotifications();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const unread = unreadCountOf(notifications.data);
  const errorMessage = notifications.isError
    ? getErrorMessage(notifications.error, LOAD_NOTIFICATIONS_ERROR)
    : '';
  useErrorToast(notifications.isError ? notifications.error : null, 'Error', errorMessage);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Without the stream (or after a failure) the list may be old: read it again.
    if (next && (notifications.isError || notifications.isStale)) void notifications.refetch();
  };

  return (
    <Deferred
      fallback={
        <BellButton
          unread={unread}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => onOpenChange(true)}
        />
      }
    >
      <NotificationPopover
        open={open}
        onOpenChange={onOpenChange}
        trigger={<BellButton unread={unread} />}
        headingId={headingId}
      />
    </Deferred>
  );
}

function BellButton({ unread, ...props }: { unread: number } & React.ComponentProps<'button'>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={bellLabel(unread)}
      {...props}
    >
      <Bell aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-slot="notification-badge"
          className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-destructive-foreground tabular-nums ring-2 ring-background"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Button>
  );
}
