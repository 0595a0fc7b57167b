import { CheckCircle2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
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
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { useAddTestimony } from '../api/add-testimony';
import { useUpdatePrayerStatus } from '../api/update-prayer-status';

/**
 * Mark one of the user's prayers answered, with a testimony (optional), in one step: the same
 * calls as the prayer's details (PUT /status, then POST /testimony). Used where the prayer is
 * not open in its details, e.g. a pray-through session.
 */
export function AnswerPrayerDialog({
  prayer,
  onOpenChange,
  onAnswered,
}: {
  /** The prayer to mark answered; null keeps the dialog closed. */
  prayer: { id: string; title: string } | null;
  onOpenChange: (open: boolean) => void;
  onAnswered: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const updateStatus = useUpdatePrayerStatus();
  const addTestimony = useAddTestimony();
  const pending = updateStatus.isPending || addTestimony.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!prayer || pending) return;
    const testimony = text.trim();
    try {
      await updateStatus.mutateAsync({ id: prayer.id, isAnswered: true });
      if (testimony) await addTestimony.mutateAsync({ id: prayer.id, testimony });
    } catch {
      toast.error('Error marking the prayer answered', {
        description: 'It could not be saved. Please try again.',
      });
      return;
    }
    setText('');
    toast.success('Praise God!', { description: `"${prayer.title}" is marked answered.` });
    onAnswered();
  };

  return (
    <Dialog open={prayer !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Mark answered</DialogTitle>
          <DialogDescription>
            {prayer ? `"${prayer.title}": ` : ''}share how God answered, if you like.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-3">
          <Label htmlFor={`${id}-testimony`}>Your testimony</Label>
          <Textarea
            id={`${id}-testimony`}
            rows={4}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Share how God answered this prayer..."
          />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              <CheckCircle2 aria-hidden="true" />
              {pending ? 'Saving...' : 'Mark answered'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
