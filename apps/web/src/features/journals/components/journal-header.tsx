import type { JournalDetail } from '@selah/shared/schemas/journals';
import { ArrowLeft, Plus, Share2, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format-date';
import { CategoryBadge, PrivacyBadge } from './journal-card';

/**
 * The top of a journal page: back, title, creation date, and Share, New Prayer and Delete.
 * New Prayer stays focusable for everyone (aria-disabled) so a non-owner who presses it learns
 * why it is unavailable; Delete is simply disabled for non-owners.
 */
export function JournalHeader({
  journal,
  isOwner,
  onBack,
  onShare,
  onNewPrayer,
  onDelete,
}: {
  journal: JournalDetail;
  isOwner: boolean;
  onBack: () => void;
  onShare: () => void;
  onNewPrayer: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="mb-6 grid gap-4">
      <div>
        <Button variant="ghost" size="sm" className="-ml-3" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
      </div>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="grid min-w-0 gap-2">
          <h1 className="text-2xl font-semibold tracking-tight break-words md:text-3xl">
            {journal.title}
          </h1>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <PrivacyBadge isPrivate={journal.isPrivate} />
            <CategoryBadge category={journal.category} />
            <span>Created {formatDate(journal.createdAt)}</span>
            {!isOwner && <span>· by {journal.ownerName}</span>}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onShare}>
            <Share2 aria-hidden="true" />
            Share
          </Button>
          <Button
            aria-disabled={!isOwner || undefined}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
            onClick={onNewPrayer}
          >
            <Plus aria-hidden="true" />
            New Prayer
          </Button>
          <Button
            variant="outline"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            disabled={!isOwner}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
      {journal.description && (
        <p className="max-w-3xl break-words whitespace-pre-line text-muted-foreground">
          {journal.description}
        </p>
      )}
    </div>
  );
}
