import { lazyDialog } from '@/components/dialogs/lazy-dialog';
import type { DeleteJournalDialog as DeleteJournal } from './delete-journal-dialog';

/** The delete-journal dialog (./delete-journal-dialog.tsx), loaded when first opened (ADR 032). */
export const DeleteJournalDialog = lazyDialog<React.ComponentProps<typeof DeleteJournal>>(
  () => import('./delete-journal-dialog').then((m) => m.DeleteJournalDialog),
  (props) => props.open,
);
