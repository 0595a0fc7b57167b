import { lazyDialog } from '@/components/dialogs/lazy-dialog';

/** The share dialog (./share-dialog.tsx), loaded when first opened (ADR 032). */
export const ShareDialog = lazyDialog(() => import('./share-dialog').then((m) => m.ShareDialog));
