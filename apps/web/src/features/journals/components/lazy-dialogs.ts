import { lazyDialog } from '@/components/dialogs/lazy-dialog';
import type { CreateJournalDialog as CreateJournal } from './create-journal-dialog';
import type { DeleteJournalDialog as DeleteJournal } from './delete-journal-dialog';

/** The journals' dialogs, each loaded when first opened (ADR 032). */
export const CreateJournalDialog = lazyDialog<React.ComponentProps<typeof CreateJournal>>(
  () => import('./create-journal-dialog').then((m) => m.CreateJournalDialog),
  (props) => props.open,
);

export const DeleteJournalDialog = lazyDialog<React.ComponentProps<typeof DeleteJournal>>(
  () => import('./delete-journal-dialog').then((m) => m.DeleteJournalDialog),
  (props) => props.open,
);
