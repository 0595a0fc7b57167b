import type { Notification } from '@selah/shared/schemas/notifications';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format-date';
import { cn, safeRedirectPath } from '@/lib/utils';
import { formatRelativeTime } from '../utils/relative-time';

/**
 * One notification in the bell's list: the message (a link to what it is about), when, and
 * 'Mark Read' (while unread) and 'Delete'.
 */
export function NotificationItem({
  notification,
  now,
  busy,
  onFollow,
  onMarkRead,
  onDelete,
}: {
  notification: Notification;
  now: number;
  busy: boolean;
  onFollow: () => void;
  onMarkRead: () => void;
  onDelete: () => void;
}) {
  const id = useId();
  const { message, read, createdAt } = notification;
  const link = safeRedirectPath(notification.link);
  // Busy buttons stay focusable (aria-disabled): disabling would drop the keyboard focus.
  const messageClass = 'text-sm leading-snug';

  return (
    <li
      data-notification-id={notification._id}
      className={cn('flex gap-2.5 px-3 py-3', !read && 'bg-accent/50')}
    >
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', read ? 'bg-border' : 'bg-primary')}
      />
      <div className="grid min-w-0 flex-1 gap-1">
        {link ? (
          <Link
            id={`${id}-message`}
            to={link}
            onClick={onFollow}
            className={cn(
              messageClass,
              'rounded-sm underline-offset-2 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60',
              !read && 'font-medium',
            )}
          >
            {message}
          </Link>
        ) : (
          <p id={`${id}-message`} className={cn(messageClass, !read && 'font-medium')}>
            {message}
          </p>
        )}
        <p className="text-xs text-muted-foreground">
          <time dateTime={createdAt} title={formatDate(createdAt)}>
            {formatRelativeTime(createdAt, now)}
          </time>
          {!read && <span className="sr-only"> · unread</span>}
        </p>
        <div className="mt-0.5 flex flex-wrap gap-1">
          {!read && (
            <Button
              size="sm"
              variant="outline"
              className="h-7 px-2 text-xs aria-disabled:opacity-50"
              aria-describedby={`${id}-message`}
              aria-disabled={busy}
              onClick={() => {
                if (!busy) onMarkRead();
              }}
            >
              Mark Read
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            className="h-7 px-2 text-xs text-muted-foreground hover:bg-destructive/10 hover:text-destructive aria-disabled:opacity-50"
            aria-describedby={`${id}-message`}
            aria-disabled={busy}
            data-action="delete"
            onClick={() => {
              if (!busy) onDelete();
            }}
          >
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}
