import type { PrayerEvent, SessionItem } from '@selah/shared/schemas/practice';
import type { PrayerEventRow } from './practice.service.ts';
import type { SessionRow } from './sessions.repository.ts';

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

/** An item of a pray-through session as the API answers it. */
export function presentSessionItem(row: SessionRow): SessionItem {
  return {
    kind: row.kind,
    id: row.id,
    title: row.title,
    text: row.text,
    verse: row.verse ? { verse: row.verse.verse, reference: row.verse.reference } : null,
    due: row.due,
    urgent: row.urgent,
    lastPrayedAt: row.lastPrayedAt === null ? null : new Date(row.lastPrayedAt).toISOString(),
    prayedCount: row.prayedCount,
    askedBy: row.askedBy,
    source: row.source,
    ...(row.groupName === null ? {} : { groupName: row.groupName }),
  };
}
