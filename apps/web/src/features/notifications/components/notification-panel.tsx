import type { Notification } from '@selah/shared/schemas/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCheck, Settings } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { DELETE_NOTIFICATION_ERROR, useDeleteNotification } from '../api/delete-notification';
import { LOAD_NOTIFICATIONS_ERROR, useNotifications } from '../api/get-notifications';
import {
  MARK_ALL_READ_ERROR,
  useMarkAllNotificationsRead,
} from '../api/mark-all-notifications-read';
import { MARK_READ_ERROR, useMarkNotificationRead } from '../api/mark-notification-read';
import { invalidateAffectedQueries } from '../realtime/affected-queries';
import { unreadCountOf } from '../utils/notifications-cache';
import { NotificationItem } from './notification-item';

function PanelSkeleton() {
  return (
    <div role="status" className="grid gap-4 px-3 py-4">
      <span className="sr-only">Loading notifications...</span>
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="flex gap-2.5">
          <Skeleton className="mt-1 size-2 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-3 w-20" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Where focus goes when the focused control leaves the list: the same row, or the panel. */
function focusRow(list: HTMLElement | null, index: number, fallback: HTMLElement | null) {
  requestAnimationFrame(() => {
    const rows = list ? Array.from(list.children) : [];
    const row = rows[Math.min(index, rows.length - 1)];
    const target = row?.querySelector<HTMLElement>('a, button');
    (target ?? fallback)?.focus();
  });
}

/**
 * The bell's dropdown (spec-1 §4 "Notification"): loading, then an error, 'No new
 * notifications.', or the list with Mark Read and Delete on each item, 'Mark all read' and
 * 'Load more'.
 */
export function NotificationPanel({
  headingId,
  onClose,
}: {
  headingId: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const markAll = useMarkAllNotificationsRead();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const items = notifications.data?.pages.flatMap((page) => page.data) ?? [];
  const unread = unreadCountOf(notifications.data);

  const onMarkRead = (notification: Notification, index: number) => {
    setBusyId(notification._id);
    markRead.mutate(notification._id, {
      onSuccess: () => {
        toast.success('Notification marked as read.');
        // 'Mark Read' is gone now: keep the keyboard on the same row.
        focusRow(listRef.current, index, headingRef.current);
      },
      onError: (error) =>
        toast.error('Error', { description: getErrorMessage(error, MARK_READ_ERROR) }),
      onSettled: () => setBusyId(null),
    });
  };

  const onDelete = (notification: Notification, index: number) => {
    setBusyId(notification._id);
    remove.mutate(notification._id, {
      onSuccess: () => {
        toast.success('Notification deleted.');
        focusRow(listRef.current, index, headingRef.current);
      },
      onError: (error) =>
        toast.error('Error', { description: getErrorMessage(error, DELETE_NOTIFICATION_ERROR) }),
      onSettled: () => setBusyId(null),
    });
  };

  // Reading an item marks it read, quietly; the page it leads to shows the latest.
  const onFollow = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification._id);
    void invalidateAffectedQueries(queryClient, notification);
    onClose();
  };

  const onMarkAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => toast.success('All notifications marked as read.'),
      onError: (error) =>
        toast.error('Error', { description: getErrorMessage(error, MARK_ALL_READ_ERROR) }),
    });

  let body: ReactNode;
  if (notifications.isPending) body = <PanelSkeleton />;
  else if (notifications.isError) {
    body = (
      <div className="grid justify-items-center gap-3 px-3 py-6 text-center">
        <p className="text-sm text-destructive">
          {getErrorMessage(notifications.error, LOAD_NOTIFICATIONS_ERROR)}
        </p>
        <Button size="sm" variant="outline" onClick={() => void notifications.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <p className="px-3 py-8 text-center text-sm text-muted-foreground">No new notifications.</p>
    );
  } else {
    body = (
      <>
        <ul ref={listRef} aria-labelledby={headingId} className="divide-y">
          {items.map((notification, index) => (
            <NotificationItem
              key={notification._id}
              notification={notification}
              now={now}
              busy={busyId === notification._id}
              onFollow={() => onFollow(notification)}
              onMarkRead={() => onMarkRead(notification, index)}
              onDelete={() => onDelete(notification, index)}
            />
          ))}
        </ul>
        {notifications.hasNextPage && (
          <div className="border-t p-2">
            <Button
              variant="ghost"
              size="sm"
              className="w-full"
              aria-disabled={notifications.isFetchingNextPage}
              onClick={() => {
                if (!notifications.isFetchingNextPage) void notifications.fetchNextPage();
              }}
            >
              {notifications.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b py-2 pr-2 pl-3">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-sm font-semibold outline-none"
        >
          Notifications
        </h2>
        <Button
          variant="ghost"
          size="sm"
          className="h-7 px-2 text-xs aria-disabled:opacity-50"
          aria-disabled={unread === 0 || markAll.isPending}
          onClick={() => {
            if (unread > 0 && !markAll.isPending) onMarkAll();
          }}
        >
          <CheckCheck aria-hidden="true" />
          Mark all read
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{body}</div>
      {notifications.isFetchNextPageError && (
        <p role="alert" className="border-t px-3 py-2 text-xs text-destructive">
          {getErrorMessage(notifications.error, LOAD_NOTIFICATIONS_ERROR)}
        </p>
      )}
      <div className="border-t p-1">
        <Button asChild variant="ghost" size="sm" className="w-full justify-start">
          <Link to={`${paths.app.settings.getHref()}?tab=notifications`} onClick={onClose}>
            <Settings aria-hidden="true" />
            Notification settings
          </Link>
        </Button>
      </div>
    </>
  );
}
