import { NOTE_MAX, NoteInputSchema } from '@selah/shared/schemas/practice';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAddPrayerNote } from '../api/add-prayer-note';

export const ADD_NOTE_ERROR = 'Your note could not be saved. Please try again.';

/** "Add a note": a dated note on the author's prayer (what changed, what they sensed). */
export function AddNoteForm({ prayerId }: { prayerId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const addNote = useAddPrayerNote();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = NoteInputSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    addNote.mutate(
      { id: prayerId, text: parsed.data.text },
      {
        onSuccess: () => {
          setText('');
          toast.success('Note added');
        },
        onError: (err) => setError(getErrorMessage(err, ADD_NOTE_ERROR)),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-2" aria-label="Add a note">
      <FormField
        id={`${id}-note`}
        label="Add a note"
        hint="Dated, and seen by you only: what changed, what you sensed."
        error={error}
        count={{ length: text.trim().length, max: NOTE_MAX }}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="What changed? What did you sense?"
          />
        )}
      </FormField>
      <Button type="submit" className="w-fit" disabled={addNote.isPending}>
        {addNote.isPending ? 'Saving...' : 'Save note'}
      </Button>
    </form>
  );
}
