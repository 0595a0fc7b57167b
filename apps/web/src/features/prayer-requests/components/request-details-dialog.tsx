import { displayName } from '@/lib/utils';
import type { PrayerRequest } from '@selah/shared/schemas/prayer-requests';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { PersonAvatar } from '@/components/ui/person-avatar';
import { Separator } from '@/components/ui/separator';
import { formatDate } from '@/lib/format-date';
import { usePrayerRequest } from '../api/get-prayer-request';
import { DeleteRequestButton } from './delete-request-button';
import type { RenderRequestPrayed } from './prayer-request-card';
import { PrayingButton } from './praying-button';
import {
  AnsweredBadge,
  CategoryBadge,
  prayedThisWeekText,
  prayingCountText,
  VisibilityBadge,
} from './request-badges';
import { RequestOwnerActions, RequestTestimony, RequestUpdates } from './request-updates';

/**
 * A request's details (spec-2 "/prayer-requests"): title, created date, Private/Public,
 * description, category and 'People Praying (n)' with their avatars.
 */
export function RequestDetailsDialog({
  request,
  onOpenChange,
  renderPrayed,
}: {
  /** The request to show; null keeps the dialog closed. */
  request: PrayerRequest | null;
  onOpenChange: (open: boolean) => void;
  renderPrayed: RenderRequestPrayed;
}) {
  return (
    <Dialog open={request !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        {request && (
          <RequestDetails
            key={request._id}
            initial={request}
            onClose={() => onOpenChange(false)}
            renderPrayed={renderPrayed}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function RequestDetails({
  initial,
  onClose,
  renderPrayed,
}: {
  initial: PrayerRequest;
  onClose: () => void;
  renderPrayed: RenderRequestPrayed;
}) {
  const { data } = usePrayerRequest(initial);
  // A failed read keeps the copy from the list.
  const request = data ?? initial;
  const more = request.prayingCount - request.respondedUsers.length;

  return (
    <>
      <DialogHeader>
        <DialogTitle className="pr-6 leading-snug">{request.title}</DialogTitle>
        <DialogDescription>
          {request.isMine ? 'Your request' : `From ${displayName(request.creator, 'a friend')}`} ·
          Created {formatDate(request.createdAt)}
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-wrap items-center gap-2">
        {request.status === 'answered' && <AnsweredBadge />}
        <VisibilityBadge isPrivate={request.isPrivate} />
        <CategoryBadge category={request.category} />
      </div>
      <p className="text-sm whitespace-pre-wrap">
        {request.description || (
          <span className="text-muted-foreground">No description was written.</span>
        )}
      </p>
      <RequestTestimony request={request} />
      <RequestOwnerActions request={request} />
      <Separator />
      <section aria-labelledby="people-praying-heading" className="grid gap-3">
        <h3 id="people-praying-heading" className="font-semibold">
          People Praying ({request.prayingCount})
        </h3>
        {request.isMine && (
          <p className="text-sm text-muted-foreground">
            {prayingCountText(request.prayingCount)} · {prayedThisWeekText(request.prayedThisWeek)}
          </p>
        )}
        {request.prayingCount === 0 ? (
          <p className="text-sm text-muted-foreground">
            No one has marked themselves as praying for this request yet.
          </p>
        ) : (
          <>
            <ul className="flex flex-wrap gap-3" aria-label="People praying">
              {request.respondedUsers.map((person) => (
                <li key={person._id} className="flex items-center gap-2">
                  <PersonAvatar name={displayName(person)} src={person.avatar} className="size-8" />
                  <span className="text-sm">{displayName(person)}</span>
                </li>
              ))}
            </ul>
            {more > 0 && (
              <p className="text-sm text-muted-foreground">
                and {more} more {more === 1 ? 'person' : 'people'}
              </p>
            )}
          </>
        )}
      </section>
      <Separator />
      <RequestUpdates request={request} />
      <DialogFooter className="sm:justify-between">
        {request.isMine ? (
          <DeleteRequestButton request={request} onDeleted={onClose} labelled />
        ) : (
          <div className="flex flex-wrap gap-2">
            <PrayingButton request={request} />
            {renderPrayed(request)}
          </div>
        )}
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
    </>
  );
}
