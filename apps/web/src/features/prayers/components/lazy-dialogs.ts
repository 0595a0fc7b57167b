import { lazyDialog } from '@/components/dialogs/lazy-dialog';
import type { AddPrayerDialog as AddPrayer } from './add-prayer-dialog';
import type { PrayerDetailsDialog as PrayerDetails } from './prayer-details-dialog';

/** The add-prayer dialog (./add-prayer-dialog.tsx), loaded when first opened (ADR 032). */
export const AddPrayerDialog = lazyDialog<React.ComponentProps<typeof AddPrayer>>(
  () => import('./add-prayer-dialog').then((m) => m.AddPrayerDialog),
  (props) => props.open,
);

/** A prayer's details (./prayer-details-dialog.tsx), loaded when first opened (ADR 032). */
export const PrayerDetailsDialog = lazyDialog<React.ComponentProps<typeof PrayerDetails>>(
  () => import('./prayer-details-dialog').then((m) => m.PrayerDetailsDialog),
  (props) => props.prayer !== null,
);
