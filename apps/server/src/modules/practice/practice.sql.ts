import { type Column, type SQL, sql } from 'drizzle-orm';
import { prayerEvents, prayerRequestResponses, prayers } from '../../db/schema/index.ts';

/**
 * When a prayer or a commitment is due, as SQL conditions: the one statement of the rhythm rules
 * (issue 20 §2, docs/decisions/051). Sessions, the digest and the due marks all ask these, so
 * they never disagree. `day` is the user's local date ('YYYY-MM-DD'), bound as a parameter.
 */

/** A local date: a 'YYYY-MM-DD' parameter, or a date column of the statement (the digest's). */
export type Day = string | SQL;

const asDate = (day: Day) => (typeof day === 'string' ? sql`${day}::date` : day);

/** The prayer's rhythm falls on `day` (its snooze and whether it was prayed aside). */
export function rhythmFallsOn(day: Day, p = prayers): SQL {
  const d = asDate(day);
  return sql`(case ${p.rhythmKind}
    when 'daily' then true
    when 'weekdays' then extract(isodow from ${d}) < 6
    when 'weekly' then extract(dow from ${d})::smallint = any(${p.rhythmDays})
    when 'monthly' then extract(day from ${d}) = least(${p.rhythmDayOfMonth},
      extract(day from (date_trunc('month', ${d}) + interval '1 month - 1 day')))
    when 'until' then ${d} <= ${p.rhythmUntil}
    else false end)`;
}

/** Not snoozed on `day`: a snooze hides a prayer up to the day before its date. */
export function notSnoozedOn(day: Day, p = prayers): SQL {
  return sql`(${p.snoozeUntil} is null or ${p.snoozeUntil} <= ${asDate(day)})`;
}

/** `userId` recorded a Prayed for the prayer (or request) in `target` on `day`. */
export function prayedOn(userId: string | Column | SQL, target: Column, day: Day): SQL {
  const column = target.table === prayers ? prayerEvents.prayerId : prayerEvents.requestId;
  return sql`exists (select 1 from ${prayerEvents} where ${column} = ${target}
    and ${prayerEvents.userId} = ${userId} and ${prayerEvents.day} = ${asDate(day)})`;
}

/**
 * A prayer is due for its author on `day`: still pending, not snoozed, its rhythm falls on the
 * day, and the author has not prayed it that day yet.
 */
export function prayerDueOn(userId: string | SQL, day: Day, p = prayers): SQL {
  return sql`(${p.status} = 'pending' and ${notSnoozedOn(day, p)} and ${rhythmFallsOn(day, p)}
    and not ${prayedOn(userId, p.id, day)})`;
}

/**
 * A commitment to a request is running on `day`: not ended (a 'once' ends at its first Prayed,
 * every one when the request is answered or deleted) and, for 'daily7', not past its last day.
 * `day` may be an SQL date (each committer's own local today, read with the commitment).
 */
export function commitmentRunningOn(day: Day, c = prayerRequestResponses): SQL {
  return sql`(${c.endedAt} is null and (${c.endsOn} is null or ${c.endsOn} >= ${asDate(day)}))`;
}

/**
 * A running commitment is due on `day` unless its committer prayed the request that day
 * ('once' is due until prayed, which ends it; 'daily7' and 'untilAnswered' every day).
 */
export function commitmentDueOn(day: Day, c = prayerRequestResponses): SQL {
  return sql`(${commitmentRunningOn(day, c)} and not ${prayedOn(c.userId, c.requestId, day)})`;
}
