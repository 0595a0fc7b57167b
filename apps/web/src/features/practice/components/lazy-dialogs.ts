import { lazyDialog } from '@/components/dialogs/lazy-dialog';

/** "I prayed that day", loaded when first opened, not with the dashboard (ADR 032). */
export const LateEntryDialog = lazyDialog(
  () => import('./late-entry-dialog').then((m) => m.LateEntryDialog),
  (props) => props.day !== null,
);
