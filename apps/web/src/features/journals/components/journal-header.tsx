import type { JournalDetail } from '@selah/shared/schemas/journals';
import { Plus, Share2, Trash2 } from 'lucide-react';
import { DetailHeader } from '@/components/layouts/page-header';
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
    <DetailHeader
      title={journal.title}
      onBack={onBack}
      meta={
        <>
          <PrivacyBadge isPrivate={journal.isPrivate} />
          <CategoryBadge category={journal.category} />
          <span>Created {formatDate(journal.createdAt)}</span>
          {/* The owner's name is '' for viewers who may not see the owner's profile. */}
          {!isOwner && journal.ownerName && <span>· by {journal.ownerName}</span>}
        </>
      }
      actions={
        <>
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
        </>
      }
      description={journal.description}
    />
  );
}
