import { lazyDialog } from '@/components/dialogs/lazy-dialog';

/** The prayers' dialogs, each loaded when first opened (ADR 032). */
/** The one prayer form: adding, or editing when given a prayer (issue 29 §2). */
export const PrayerFormDialog = lazyDialog(() =>
  import('./prayer-form-dialog').then((m) => m.PrayerFormDialog),
);

export const RhythmDialog = lazyDialog(() => import('./rhythm-dialog').then((m) => m.RhythmDialog));

export const PrayerDetailsDialog = lazyDialog(
  () => import('./prayer-details-dialog').then((m) => m.PrayerDetailsDialog),
  (props) => props.prayer !== null,
);

export const AnswerPrayerDialog = lazyDialog(
  () => import('./answer-prayer-dialog').then((m) => m.AnswerPrayerDialog),
  (props) => props.prayer !== null,
);
