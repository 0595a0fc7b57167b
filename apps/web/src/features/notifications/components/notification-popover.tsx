import { NOTIFICATION_DROPDOWN_WIDTH } from '@selah/shared/constants';
import type * as React from 'react';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { NotificationPanel } from './notification-panel';

/** The bell's 300 px dropdown, a chunk of its own (loaded by `NotificationBell`, see `Deferred`). */
export function NotificationPopover({
  open,
  onOpenChange,
  trigger,
  headingId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: React.ReactElement;
  headingId: string;
}) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent
        align="end"
        collisionPadding={8}
        aria-labelledby={headingId}
        style={{ width: NOTIFICATION_DROPDOWN_WIDTH }}
        className="flex max-h-[min(32rem,var(--radix-popover-content-available-height))] max-w-[calc(100vw-1rem)] flex-col overflow-hidden p-0"
      >
        <NotificationPanel headingId={headingId} onClose={() => onOpenChange(false)} />
      </PopoverContent>
    </Popover>
  );
}
