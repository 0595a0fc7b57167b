import { lazyDialog } from '@/components/dialogs/lazy-dialog';

/** The prayer-requests page's dialogs, each loaded when first opened (ADR 032). */
export const ExportDialog = lazyDialog(() => import('./export-dialog').then((m) => m.ExportDialog));

export const RequestDetailsDialog = lazyDialog(
  () => import('./request-details-dialog').then((m) => m.RequestDetailsDialog),
  (props) => props.request !== null,
);

export const RequestFormDialog = lazyDialog(() =>
  import('./request-form-dialog').then((m) => m.RequestFormDialog),
);
