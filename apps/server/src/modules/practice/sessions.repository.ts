import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/json.ts';
import {
  type MemoryVerse,
  prayerEvents,
  prayerGroupMembers,
  prayerGroups,
  prayerRequestResponses,
  prayerRequests,
  prayers,
  users,
} from '../../db/schema/index.ts';
import {
  groupJournalReadable,
  othersRequestReadable,
  prayerVisibleInReadableJournal,
  profileVisible,
} from '../access/access.sql.ts';
import { commitmentDueOn, commitmentRunningOn, notSnoozedOn, prayerDueOn } from './practice.sql.ts';
import { settingsWith } from '../users/users.sql.ts';

export interface SessionRow {
  kind: 'prayer' | 'request';
  id: string;
  title: string;
  text: string;
  verse: MemoryVerse | null;
  due: boolean;
  urgent: boolean;
  /** ISO text from the database's JSON, null when never prayed. */
  lastPrayedAt: string | null;
  prayedCount: number;
  askedBy: { id: string; name: string } | null;
  source: 'own' | 'commitment' | 'group';
  groupName: string | null;
}

export interface SessionQuery {
  userId: string;
  /** The user's local date today. */
  day: string;
  size: number;
  dueOnly: boolean;
  /** Where the rotation starts: the last item the previous session showed (null: the start). */
  after: string | null;
}

/** The pray-through session: one statement that reads the items and moves the rotation on. */
export class SessionsRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /**
   * The session's items, in order, in ONE statement (issue 20 "Speed"): the user's pending,
   * unsnoozed prayers; the friends' requests they have a running commitment to and may still
   * read; the public pending prayers of their groups' journals. Ordered by due, urgent, least
   * recently prayed by the user (never first), then in a cycle of ids starting after `after`,
   * so successive sessions rotate. The same statement remembers the size and the new rotation
   * start in the user's settings (a data-modifying common table expression), writing only those
   * two keys (`settingsWith`, docs/decisions/056).
   */
  async session(q: SessionQuery, tx: DbOrTx = this.db): Promise<SessionRow[]> {
    const me = q.userId;
    const ownPrayers = sql`select 'prayer'::text as kind, ${prayers.id} as id, ${prayers.title} as title,
        ${prayers.content} as text, ${prayers.memoryVerse} as verse,
        ${prayerDueOn(me, q.day)} as due, ${prayers.urgent} as urgent,
        null::json as asked_by, 'own'::text as source, null::text as group_name
      from ${prayers}
      where ${prayers.authorId} = ${me} and ${prayers.status} = 'pending' and ${notSnoozedOn(q.day)}`;
    const commitments = sql`select 'request'::text, ${prayerRequests.id}, ${prayerRequests.title},
        ${prayerRequests.description}, null::jsonb,
        ${commitmentDueOn(q.day)}, false,
        case when ${profileVisible(me)} then json_build_object('id', ${users.id},
          'name', trim(${users.firstName} || ' ' || ${users.lastName})) end,
        'commitment'::text, null::text
      from ${prayerRequestResponses}
      join ${prayerRequests} on ${prayerRequests.id} = ${prayerRequestResponses.requestId}
      join ${users} on ${users.id} = ${prayerRequests.creatorId}
      where ${prayerRequestResponses.userId} = ${me} and ${commitmentRunningOn(q.day)}
        and ${prayerRequests.status} = 'pending' and ${othersRequestReadable(me)}`;
    // A member sees what the group shows: its journal's public prayers, when they may read the
    // journal (access.policy.ts mayReadGroupPrayers). Their own prayers are in the first part.
    const groupPrayers = sql`select distinct on (${prayers.id}) 'prayer'::text, ${prayers.id},
        ${prayers.title}, ${prayers.content}, ${prayers.memoryVerse}, false, false, null::json,
        'group'::text, ${prayerGroups.name}
      from ${prayerGroupMembers}
      join ${prayerGroups} on ${prayerGroups.id} = ${prayerGroupMembers.groupId}
      join ${prayers} on ${prayers.journalId} = ${prayerGroups.journalId}
      where ${prayerGroupMembers.userId} = ${me} and ${groupJournalReadable(me)}
        and ${prayerVisibleInReadableJournal(null)} and ${prayers.status} = 'pending'
        and ${prayers.authorId} <> ${me}
      order by ${prayers.id}, ${prayerGroups.name}`;
    const order = sql`i.due desc, i.urgent desc, e.last_prayed asc nulls first,
      (i.id::text <= ${q.after ?? ''}) asc, i.id asc`;
    const statement = sql`with mine as (
        select coalesce(${prayerEvents.prayerId}, ${prayerEvents.requestId}) as target,
          max(${prayerEvents.occurredAt}) as last_prayed, count(*)::int as prayed_count
        from ${prayerEvents} where ${prayerEvents.userId} = ${me} group by 1
      ),
      items as (${ownPrayers} union all ${commitments} union all (${groupPrayers})),
      picked as (
        select i.*, e.last_prayed, coalesce(e.prayed_count, 0) as prayed_count,
          row_number() over (order by ${order}) as position
        from items i left join mine e on e.target = i.id
        ${q.dueOnly ? sql`where i.due` : sql``}
        order by ${order}
        limit ${q.size}
      ),
      remembered as (
        update ${users} set settings = ${settingsWith({
          prayerSessionSize: sql`${q.size}::int`,
          prayerSessionAfter: sql`(select id::text from picked order by position desc limit 1)`,
        })}
        where ${users.id} = ${me}
        returning 1
      )
      select coalesce(json_agg(json_build_object(
          'kind', kind, 'id', id, 'title', title, 'text', text, 'verse', verse, 'due', due,
          'urgent', urgent, 'lastPrayedAt', last_prayed, 'prayedCount', prayed_count,
          'askedBy', asked_by, 'source', source, 'groupName', group_name) order by position),
        '[]'::json) as items
      from picked`;
    const [row] = rowsOf<{ items: unknown }>(await tx.execute(statement));
    const items: unknown =
      typeof row?.items === 'string' ? (JSON.parse(row.items) as unknown) : row?.items;
    return (items ?? []) as SessionRow[];
  }
}
