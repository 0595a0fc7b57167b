import type { Prayer } from '@selah/shared/schemas/prayers';
import { CalendarClock, CheckCircle2, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Separator } from '@/components/ui/separator';
import { Textarea } from '@/components/ui/textarea';
import { formatDate } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useAuthStore } from '@/stores/auth-store';
import { useAddTestimony } from '../api/add-testimony';
import { useDeletePrayer } from '../api/delete-prayer';
import { usePrayer } from '../api/get-prayer';
import { useUpdatePrayerStatus } from '../api/update-prayer-status';
import { PrayerBadges, PrayerBody } from './prayer-body';
import { PrayerFormDialog } from './prayer-form-dialog';
import { prayerJournalLabel } from '../utils/journal-label';
import { describeRhythm, formatLocalDay, rhythmActionLabel } from '../utils/rhythm';
import { RhythmDialog } from './rhythm-dialog';

/**
 * A prayer's details (spec-1 §2 dialogs, §4 prayer status). Its author may edit it (issue 29
 * §2), switch the status, add testimonies once it is answered, and delete it after a
 * confirmation; everyone else reads.
 */
export function PrayerDetailsDialog({
  prayer,
  onOpenChange,
}: {
  /** The prayer to show; null keeps the dialog closed. */
  prayer: Prayer | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={prayer !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        {prayer && (
          <PrayerDetails key={prayer._id} initial={prayer} onClose={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PrayerDetails({ initial, onClose }: { initial: Prayer; onClose: () => void }) {
  const { data: prayer } = usePrayer(initial);
  const userId = useAuthStore((state) => state.user?._id);
  const isOwner = userId !== undefined && prayer.author === userId;
  const answered = prayer.status === 'answered';

  return (
    <>
      <DialogHeader>
        <DialogTitle className="pr-6 leading-snug">{prayer.title}</DialogTitle>
        <DialogDescription>
          {prayerJournalLabel(prayer)} · Added {formatDate(prayer.createdAt)}
        </DialogDescription>
      </DialogHeader>
      <PrayerBadges prayer={prayer} />
      <PrayerBody prayer={prayer} className="text-sm" />
      {answered && (
        <p className="text-sm text-muted-foreground">Answered on {formatDate(prayer.answeredAt)}</p>
      )}
      {isOwner && !answered && <RhythmAction prayer={prayer} />}
      {isOwner && <StatusAction prayer={prayer} />}
      {answered && <Testimonies prayer={prayer} canAdd={isOwner} />}
      {isOwner && (
        <>
          <Separator />
          <DialogFooter className="sm:justify-between">
            <DeletePrayerButton prayer={prayer} onDeleted={onClose} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <EditPrayerButton prayer={prayer} />
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </div>
          </DialogFooter>
        </>
      )}
    </>
  );
}

function EditPrayerButton({ prayer }: { prayer: Prayer }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Pencil aria-hidden="true" />
        Edit Prayer
      </Button>
      <PrayerFormDialog prayer={prayer} open={open} onOpenChange={setOpen} />
    </>
  );
}

function RhythmAction({ prayer }: { prayer: Prayer }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{describeRhythm(prayer.rhythm)}</span>
        {prayer.rhythm.snoozeUntil
          ? ` · snoozed until ${formatLocalDay(prayer.rhythm.snoozeUntil)}`
          : prayer.due
            ? ' · due today'
            : ''}
      </p>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <CalendarClock aria-hidden="true" />
        {rhythmActionLabel(prayer.rhythm)}
      </Button>
      <RhythmDialog prayer={prayer} open={open} onOpenChange={setOpen} />
    </div>
  );
}

function StatusAction({ prayer }: { prayer: Prayer }) {
  const updateStatus = useUpdatePrayerStatus();
  const answered = prayer.status === 'answered';
  const toggle = () =>
    updateStatus.mutate(
      { id: prayer._id, isAnswered: !answered },
      {
        onSuccess: (updated) =>
          toast.success('Prayer status updated!', {
            description: `Prayer "${updated.title}" is now ${updated.status}.`,
          }),
        onError: () =>
          toast.error('Error updating prayer status', {
            description: 'There was an error updating the prayer status. Please try again.',
          }),
      },
    );
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
      <p className="text-sm text-muted-foreground">
        {answered
          ? 'Praise God! This prayer is marked answered.'
          : 'Has God answered this prayer? Mark it answered to add a testimony.'}
      </p>
      <Button
        variant={answered ? 'outline' : 'default'}
        size="sm"
        onClick={toggle}
        disabled={updateStatus.isPending}
      >
        {answered ? <RotateCcw aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
        {answered ? 'Mark Pending' : 'Mark Answered'}
      </Button>
    </div>
  );
}

function Testimonies({ prayer, canAdd }: { prayer: Prayer; canAdd: boolean }) {
  const id = useId();
  const [text, setText] = useState('');
  const addTestimony = useAddTestimony();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const testimony = text.trim();
    if (!testimony) {
      toast.error('Testimony cannot be empty', {
        description: 'Please enter your testimony before submitting.',
      });
      return;
    }
    addTestimony.mutate(
      { id: prayer._id, testimony },
      {
        onSuccess: () => {
          setText('');
          toast.success('Testimony added!', {
            description: 'Thank you for sharing what God has done.',
          });
        },
        onError: () =>
          toast.error('Error adding testimony', {
            description: 'There was an error adding your testimony. Please try again.',
          }),
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <h3 id={`${id}-heading`} className="font-semibold">
        Testimonies
      </h3>
      {prayer.testimonies.length > 0 ? (
        <ul className="grid gap-2">
          {prayer.testimonies.map((testimony, index) => (
            <li
              key={index}
              className="rounded-lg bg-muted/60 px-3 py-2 text-sm whitespace-pre-wrap"
            >
              {testimony}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No testimonies yet.</p>
      )}
      {canAdd && (
        <form noValidate onSubmit={onSubmit} className="grid gap-2">
          <Label htmlFor={`${id}-testimony`}>Your testimony</Label>
          <Textarea
            id={`${id}-testimony`}
            rows={3}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Share how God answered this prayer..."
          />
          <Button
            type="submit"
            size="sm"
            className="justify-self-end"
            disabled={addTestimony.isPending}
          >
            {addTestimony.isPending ? 'Adding...' : 'Add Testimony'}
          </Button>
        </form>
      )}
    </section>
  );
}

function DeletePrayerButton({ prayer, onDeleted }: { prayer: Prayer; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const deletePrayer = useDeletePrayer();
  const onConfirm = () =>
    deletePrayer.mutate(prayer._id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Prayer Deleted', { description: `"${prayer.title}" has been deleted.` });
        onDeleted();
      },
      onError: () => {
        setConfirming(false);
        toast.error('Error deleting prayer', {
          description: 'There was an error deleting the prayer. Please try again.',
        });
      },
    });
  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      trigger={
        <Button
          variant="ghost"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
          Delete Prayer
        </Button>
      }
      title="Delete this prayer?"
      description={
        <>
          This action cannot be undone. This will permanently delete &ldquo;{prayer.title}&rdquo;
          and its testimonies.
        </>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={deletePrayer.isPending}
      onConfirm={onConfirm}
    />
  );
}
