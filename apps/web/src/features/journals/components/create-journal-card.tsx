import { Plus } from 'lucide-react';
import { useId } from 'react';

/** The grid's trailing card that opens the create-journal dialog. */
export function CreateJournalCard({ onClick }: { onClick: () => void }) {
  const id = useId();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-hint`}
      className="flex h-full min-h-56 flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-6 text-center text-muted-foreground transition-colors outline-none hover:border-primary/50 hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Plus className="size-6" aria-hidden="true" />
      </span>
      <span id={`${id}-title`} className="font-medium text-foreground">
        Create New Journal
      </span>
      <span id={`${id}-hint`} className="text-sm">
        Start a new prayer journal, private or shared.
      </span>
    </button>
  );
}
