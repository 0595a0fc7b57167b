import { lazyDialog } from '@/components/dialogs/lazy-dialog';

/** The change-e-mail dialog (./change-email-dialog.tsx), loaded when first opened (ADR 032). */
export const ChangeEmailDialog = lazyDialog(() =>
  import('./change-email-dialog').then((m) => m.ChangeEmailDialog),
);
