import { lazyDialog } from '@/components/dialogs/lazy-dialog';
import type { ChangeEmailDialog as ChangeEmail } from './change-email-dialog';

/** The change-e-mail dialog (./change-email-dialog.tsx), loaded when first opened (ADR 032). */
export const ChangeEmailDialog = lazyDialog<React.ComponentProps<typeof ChangeEmail>>(
  () => import('./change-email-dialog').then((m) => m.ChangeEmailDialog),
  (props) => props.open,
);
