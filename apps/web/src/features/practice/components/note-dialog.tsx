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
import { getErrorMessage } from '@/lib/api-client';
import { useAddPrayerNote } from '../api/add-prayer-note';

export const NOTE_MAX = 2000;

/** "Add a note" on one of the user's prayers, without leaving the session. */
export function NoteDialog({
  prayer,
  onOpenChange,
}: {
  /** The prayer to add a note to; null keeps the dialog closed. */
  prayer: { id: string; title: string } | null;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const addNote = useAddPrayerNote();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!prayer) return;
    const note = text.trim();
    if (!note) return setError('Please write your note first.');
    if (note.length > NOTE_MAX) return setError(`A note has at most ${NOTE_MAX} characters.`);
    addNote.mutate(
      { id: prayer.id, text: note },
      {
        onSuccess: () => {
          setText('');
          setError(null);
          toast.success('Note added', { description: `Kept with "${prayer.title}".` });
          onOpenChange(false);
        },
        onError: (error) =>
          toast.error('Note not saved', {
            description: getErrorMessage(error, 'Your note could not be saved.'),
          }),
      },
    );
  };

  return (
    <Dialog open={prayer !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Add a note</DialogTitle>
          <DialogDescription>
            What changed, or what you sensed, while praying{prayer ? ` "${prayer.title}"` : ''}.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-3">
          <Label htmlFor={`${id}-note`}>Note</Label>
          <Textarea
            id={`${id}-note`}
            rows={4}
            value={text}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={addNote.isPending}>
              {addNote.isPending ? 'Saving...' : 'Save note'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
