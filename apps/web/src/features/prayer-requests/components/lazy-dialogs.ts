import { lazyDialog } from '@/components/dialogs/lazy-dialog';
import type { ExportDialog as Export } from './export-dialog';
import type { RequestDetailsDialog as RequestDetails } from './request-details-dialog';
import type { RequestFormDialog as RequestForm } from './request-form-dialog';

/** The prayer-requests page's dialogs, each loaded when first opened (ADR 032). */
export const ExportDialog = lazyDialog<React.ComponentProps<typeof Export>>(
  () => import('./export-dialog').then((m) => m.ExportDialog),
  (props) => props.open,
);

export const RequestDetailsDialog = lazyDialog<React.ComponentProps<typeof RequestDetails>>(
  () => import('./request-details-dialog').then((m) => m.RequestDetailsDialog),
  (props) => props.request !== null,
);

export const RequestFormDialog = lazyDialog<React.ComponentProps<typeof RequestForm>>(
  () => import('./request-form-dialog').then((m) => m.RequestFormDialog),
  (props) => props.open,
);
