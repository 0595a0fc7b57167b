import { lazyDialog } from '@/components/dialogs/lazy-dialog';
import type { ShareDialog as Share } from './share-dialog';

/** The share dialog (./share-dialog.tsx), loaded when first opened (ADR 032). */
export const ShareDialog = lazyDialog<React.ComponentProps<typeof Share>>(
  () => import('./share-dialog').then((m) => m.ShareDialog),
  (props) => props.open,
);
