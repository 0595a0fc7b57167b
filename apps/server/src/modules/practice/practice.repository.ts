import { and, asc, type Column, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { jsonArray, jsonRow, selectValues } from '../../db/json.ts';
import { prayerEvents, prayerNotes, prayers, prayerTestimonies } from '../../db/schema/index.ts';

/** Where a timeline item sorts among items of the same instant (the cursor holds it). */
export const TIMELINE_RANK = { created: 0, prayed: 1, note: 2, testimony: 3, answered: 4 } as const;
export type TimelineKind = keyof typeof TIMELINE_RANK;

export interface TimelineRow {
  kind: TimelineKind;
  rank: number;
  id: string;
  /** ISO instant, to the millisecond (what a cursor holds). */
  at: string;
  day: string | null;
  late: boolean;
  text: string | null;
}

export interface NoteRow {
  id: string;
  prayerId: string;
  authorId: string;
  text: string;
  createdAt: Date;
}

/** What `ms` turns a timestamp into: the instant to the millisecond, as JSON's ISO text. */
const ms = (column: Column | SQL) =>
  sql`to_char(date_trunc('milliseconds', ${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Prayer events and notes: writes, and the reads the log, the streak and the rhythm view use. */
export class PracticeRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Several reads as one statement (`selectValues`). */
  readTogether<T extends Record<string, SQL>>(values: T) {
    return selectValues(this.db, values);
  }

  async insertNote(
    values: { prayerId: string; authorId: string; text: string; createdAt: Date },
    tx: DbOrTx = this.db,
  ): Promise<NoteRow> {
    const [row] = await tx.insert(prayerNotes).values(values).returning();
    return row!;
  }

  /** The user's Prayed log, for the account's export. */
  eventsBy(userId: string) {
    return this.db
      .select({
        prayerId: prayerEvents.prayerId,
        requestId: prayerEvents.requestId,
        day: prayerEvents.day,
        late: prayerEvents.late,
        source: prayerEvents.source,
        occurredAt: prayerEvents.occurredAt,
      })
      .from(prayerEvents)
      .where(eq(prayerEvents.userId, userId));
  }

  /** The notes the user wrote, for the account's export. */
  notesBy(userId: string) {
    return this.db
      .select({
        prayerId: prayerNotes.prayerId,
        text: prayerNotes.text,
        createdAt: prayerNotes.createdAt,
      })
      .from(prayerNotes)
      .where(eq(prayerNotes.authorId, userId));
  }

  /** Clear Data: the user's Prayed log goes (notes go with the prayers they belong to). */
  async deleteEventsBy(userId: string, tx: DbOrTx): Promise<void> {
    await tx.delete(prayerEvents).where(eq(prayerEvents.userId, userId));
  }

  /**
   * The distinct local days `userId` prayed from `since` on, newest first, at most `limit`: to
   * read with the rest of a page.
   */
  prayedDays(userId: string, since: string, limit: number): SQL<string[]> {
    return jsonArray(sql<string>`${prayerEvents.day}::text`, (row) =>
      this.db
        .select({ row })
        .from(prayerEvents)
        .where(and(eq(prayerEvents.userId, userId), gte(prayerEvents.day, since)))
        // One row per day (a JSON value has no equality for DISTINCT).
        .groupBy(prayerEvents.day)
        .orderBy(desc(prayerEvents.day))
        .limit(limit),
    );
  }

  /** Per local day from `from` to `to`: the events and whether any was late. Oldest first. */
  dayCounts(
    userId: string,
    from: string,
    to: string,
  ): SQL<{ day: string; count: number; late: boolean }[]> {
    return jsonArray(
      {
        day: sql<string>`${prayerEvents.day}::text`,
        count: sql<number>`count(*)::int`,
        late: sql<boolean>`bool_or(${prayerEvents.late})`,
      },
      (row) =>
        this.db
          .select({ row })
          .from(prayerEvents)
          .where(
            and(
              eq(prayerEvents.userId, userId),
              gte(prayerEvents.day, from),
              lte(prayerEvents.day, to),
            ),
          )
          .groupBy(prayerEvents.day)
          .orderBy(asc(prayerEvents.day)),
    );
  }

  /**
   * How often `viewerId` prayed the prayer of the statement's row, when last and on which day
   * (for a select over `prayers`).
   */
  prayedSummary(viewerId: string): SQL<{
    prayedCount: number;
    lastPrayedAt: string | null;
    lastPrayedDay: string | null;
  }> {
    return jsonRow(
      {
        prayedCount: sql<number>`count(*)::int`,
        lastPrayedAt: sql<string | null>`${ms(sql`max(${prayerEvents.occurredAt})`)}`,
        lastPrayedDay: sql<string | null>`max(${prayerEvents.day})::text`,
      },
      (row) =>
        this.db
          .select({ row })
          .from(prayerEvents)
          .where(and(eq(prayerEvents.prayerId, prayers.id), eq(prayerEvents.userId, viewerId))),
    ) as SQL<{ prayedCount: number; lastPrayedAt: string | null; lastPrayedDay: string | null }>;
  }

  /**
   * A page of the timeline of the prayer of the statement's row (a select over `prayers`) as
   * `viewerId` sees it, newest first: its creation, the viewer's own Prayed events, its notes
   * (its author's, shown to its author only), its testimonies and its answer. Keyset-paged on
   * (at, rank, id) after `after`; `limit` rows.
   */
  timeline(
    viewerId: string,
    after: readonly [Date, number, string] | null,
    limit: number,
  ): SQL<TimelineRow[]> {
    const item = (
      kind: TimelineKind,
      id: Column | SQL,
      at: Column | SQL,
      extra: { day?: SQL; late?: Column; text?: Column },
    ) =>
      sql`select ${kind}::text as kind, ${TIMELINE_RANK[kind]}::int as rank, ${id} as id,
        ${ms(at)} as at, ${extra.day ?? sql`null::text`} as day,
        ${extra.late ?? sql`false`} as late, ${extra.text ?? sql`null::text`} as text`;
    const parts = sql.join(
      [
        sql`${item('created', prayers.id, prayers.createdAt, {})}`,
        sql`${item('prayed', prayerEvents.id, prayerEvents.occurredAt, {
          day: sql`${prayerEvents.day}::text`,
          late: prayerEvents.late,
        })} from ${prayerEvents} where ${prayerEvents.prayerId} = ${prayers.id}
          and ${prayerEvents.userId} = ${viewerId}`,
        sql`${item('note', prayerNotes.id, prayerNotes.createdAt, { text: prayerNotes.text })}
          from ${prayerNotes} where ${prayerNotes.prayerId} = ${prayers.id}
          and ${prayers.authorId} = ${viewerId}`,
        sql`${item('testimony', prayerTestimonies.id, prayerTestimonies.createdAt, {
          text: prayerTestimonies.text,
        })} from ${prayerTestimonies} where ${prayerTestimonies.prayerId} = ${prayers.id}`,
        sql`${item('answered', prayers.id, prayers.answeredAt, {})}
          where ${prayers.status} = 'answered' and ${prayers.answeredAt} is not null`,
      ],
      sql` union all `,
    );
    const key = after
      ? sql`where (t.at, t.rank, t.id) < (${ms(sql`${after[0].toISOString()}::timestamptz`)}, ${after[1]}::int, ${after[2]}::uuid)`
      : sql``;
    return sql`to_json(array(select json_build_object('kind', t.kind, 'rank', t.rank,
        'id', t.id, 'at', t.at, 'day', t.day, 'late', t.late, 'text', t.text)
      from (${parts}) t ${key} order by t.at desc, t.rank desc, t.id desc limit ${limit}))`.mapWith(
      (value: unknown) =>
        ((typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as TimelineRow[]) ?? [],
    );
  }
}
