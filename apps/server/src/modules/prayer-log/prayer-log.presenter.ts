import type { PrayerEvent } from '@selah/shared/schemas/prayer-log';
import type { PrayerEventRow } from './prayer-log.service.ts';

/** A recorded Prayed as the API answers it. */
export function presentPrayerEvent(event: PrayerEventRow): PrayerEvent {
  return {
    id: event.id,
    kind: event.prayerId ? 'prayer' : 'request',
    targetId: (event.prayerId ?? event.requestId)!,
    day: event.day,
    late: event.late,
    occurredAt: event.occurredAt.toISOString(),
  };
}
