import { lazyDialog } from '@/components/dialogs/lazy-dialog';

/** The journals' dialogs, each loaded when first opened (ADR 032). */
export const CreateJournalDialog = lazyDialog(() =>
  import('./create-journal-dialog').then((m) => m.CreateJournalDialog),
);

export const DeleteJournalDialog = lazyDialog(() =>
  import('./delete-journal-dialog').then((m) => m.DeleteJournalDialog),
);

export const RemoveJournalMemberDialog = lazyDialog(
  () => import('./journal-member-dialogs').then((m) => m.RemoveJournalMemberDialog),
  (props) => props.member !== null,
);

export const LeaveJournalDialog = lazyDialog(() =>
  import('./journal-member-dialogs').then((m) => m.LeaveJournalDialog),
);
