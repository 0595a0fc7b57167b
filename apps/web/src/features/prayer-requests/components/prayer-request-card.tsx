import { displayName } from '@/lib/utils';
import type { PrayerRequest } from '@selah/shared/schemas/prayer-requests';
import { HandHeart, Pencil, Sparkles, Users } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format-date';
import { DeleteRequestButton } from './delete-request-button';
import { PrayingButton } from './praying-button';
import {
  AnsweredBadge,
  CategoryBadge,
  prayedThisWeekText,
  prayingCountText,
  VisibilityBadge,
} from './request-badges';

/** Who sees a request of the user's own. */
function audienceText(request: PrayerRequest) {
  if (!request.isPrivate) return 'All your friends';
  const count = request.sharedWith.length;
  if (count === 0) return 'Only you';
  return count === 1 ? 'Shared with 1 friend' : `Shared with ${count} friends`;
}

/** What a request hands the route for its "Prayed" button. */
export type PrayedRequest = Pick<PrayerRequest, '_id' | 'title' | 'status'>;

/**
 * Renders a request's "Prayed" button (the practice feature's), given by the route module:
 * features do not import each other.
 */
export type RenderRequestPrayed = (request: PrayedRequest) => ReactNode;

/**
 * A prayer request card. The user's own (My Requests): title, Private/Public, description,
 * category, date, praying count, View Details and delete. A friend's (Friend Requests): also
 * 'From {username}' and the "I'm Praying" toggle.
 */
export function PrayerRequestCard({
  request,
  onOpen,
  onEdit,
  renderPrayed,
}: {
  request: PrayerRequest;
  onOpen: (request: PrayerRequest) => void;
  /** Opens the edit form (the user's own requests). */
  onEdit: (request: PrayerRequest) => void;
  renderPrayed: RenderRequestPrayed;
}) {
  const id = useId();
  const mine = request.isMine;
  return (
    <article
      aria-labelledby={`${id}-title`}
      className="flex min-h-52 flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <h3 id={`${id}-title`} className="leading-snug font-semibold">
            {request.title}
          </h3>
          {!mine && (
            <p className="text-xs text-muted-foreground">
              From {displayName(request.creator, 'a friend')}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {request.status === 'answered' && <AnsweredBadge />}
          <VisibilityBadge isPrivate={request.isPrivate} />
          {mine && <DeleteRequestButton request={request} />}
        </div>
      </div>
      <p className="line-clamp-3 text-sm text-muted-foreground">
        {request.description || 'No description.'}
      </p>
      {request.status === 'answered' && request.testimony ? (
        <p className="line-clamp-2 rounded-md bg-muted/60 px-3 py-2 text-sm">
          <span className="font-medium">Testimony: </span>
          {request.testimony}
        </p>
      ) : (
        request.latestUpdate && (
          <p className="line-clamp-2 rounded-md bg-muted/60 px-3 py-2 text-sm">
            <span className="font-medium">Update: </span>
            {request.latestUpdate.text}
          </p>
        )
      )}
      <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-muted-foreground">
        <CategoryBadge category={request.category} />
        <span>{formatDate(request.createdAt, 'short')}</span>
        <span className="flex items-center gap-1">
          <HandHeart className="size-3.5" aria-hidden="true" />
          {prayingCountText(request.prayingCount)}
        </span>
        {mine && (
          <span className="flex items-center gap-1">
            <Sparkles className="size-3.5" aria-hidden="true" />
            {prayedThisWeekText(request.prayedThisWeek)}
          </span>
        )}
        {mine && (
          <span className="flex items-center gap-1">
            <Users className="size-3.5" aria-hidden="true" />
            {audienceText(request)}
          </span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => onOpen(request)}>
          View Details
        </Button>
        {mine ? (
          <>
            <Button variant="ghost" size="sm" onClick={() => onEdit(request)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            {renderPrayed(request)}
          </>
        ) : (
          <>
            <PrayingButton request={request} />
            {renderPrayed(request)}
          </>
        )}
      </div>
    </article>
  );
}
