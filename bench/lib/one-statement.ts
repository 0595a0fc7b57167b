import { FREE_STATS_DAYS } from '@selah/shared/schemas/billing';

/**
 * Control (b), "one statement" (ADR 048): for each read scenario, one hand-written statement
 * that builds the route's whole JSON answer in PostgreSQL (JSON aggregation, correlated and
 * lateral subqueries) and returns it as text, which the control sends as it is. With the session
 * lookup before it, that is the least a read can cost the database: the limit of the data.
 *
 * Each statement takes the signed-in user's id as $1; lists take the page size as $2 (the
 * route's default unless the URL sets `limit`), the journal its id as $2. The answers follow the
 * app's rules (visibility, the plan's statistics window, the user's time zone, page cursors) so
 * that they are the app's answers: `bench/test/controls.test.ts` compares them for seeded users.
 * A stored time zone is read as the app reads it (ADR 054): the name when \`time_zones\` holds
 * it, else UTC. The requests are the scenarios' (no search, category or cursor).
 */
export interface OneStatement {
  text: string;
  params: (request: {
    userId: string;
    route: Record<string, string>;
    query: Record<string, string>;
  }) => unknown[];
}

/** A user's zone from their settings, as the app reads it (db/time-zones.ts \`settingsZone\`). */
const zoneOf = (settings: string) =>
  `case when ${settings}->>'timeZone' in (select name from time_zones) then ${settings}->>'timeZone' else 'UTC' end`;

/** An instant as JavaScript's `toISOString` writes it. */
const iso = (x: string) => `to_char(${x} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The app's page cursor (lib/cursor.ts): base64url of the JSON array of the sort key. */
const cursor = (...parts: string[]) =>
  `rtrim(translate(encode(convert_to('[' || concat_ws(',', ${parts
    .map((p) => `to_json(${p})::text`)
    .join(', ')}) || ']', 'UTF8'), 'base64'), E'+/\\n', '-_'), '=')`;

/** access.sql.ts `profileVisible`: whether viewer $1 may see the person `u`. */
const profileVisible = (u: string) => `(${u}.id = $1
  or coalesce(${u}.settings->'privacy'->>'profileVisibility', 'friends') = 'public'
  or exists (select 1 from friendships pf where pf.user_id = $1 and pf.friend_id = ${u}.id)
  or (coalesce(${u}.settings->'privacy'->>'profileVisibility', 'friends') = 'friends' and exists (
    select 1 from friendships f1 join friendships f2 on f2.user_id = f1.friend_id
    where f1.user_id = $1 and f2.friend_id = ${u}.id))
  or exists (select 1 from friend_requests fr where fr.status = 'pending'
    and fr.requester_id = ${u}.id and fr.recipient_id = $1))`;

/** access.sql.ts `journalReadable` for viewer $1. */
const journalReadable = (j: string) =>
  `(${j}.is_private = false or ${j}.owner_id = $1
    or exists (select 1 from journal_members jm where jm.journal_id = ${j}.id and jm.user_id = $1))`;

/** journals.presenter.ts `presentJournal`, for viewer $1 (`role`: the viewer's membership). */
const journalJson = (j: string, role: string) => `json_build_object(
  '_id', ${j}.id, 'title', ${j}.title, 'description', ${j}.description,
  'isPrivate', ${j}.is_private, 'owner', ${j}.owner_id, 'category', ${j}.category,
  'createdAt', ${iso(`${j}.created_at`)}, 'updatedAt', ${iso(`${j}.updated_at`)},
  'memberCount', ${j}.member_count,
  'prayerCount', case when ${j}.owner_id = $1 then ${j}.prayer_count else ${j}.public_prayer_count end,
  'answeredCount', case when ${j}.owner_id = $1 then ${j}.answered_count else ${j}.public_answered_count end,
  'membership', case when ${j}.owner_id = $1 then 'owner' when ${role} is not null then 'member' else 'none' end)`;

/** The viewer $1's local date today (users.service.ts `userTimeZone`). */
const viewerToday = `(select (now() at time zone ${zoneOf('u.settings')})::date
  from users u where u.id = $1)`;

/** practice.sql.ts `prayerDueOn` for the viewer $1 on their today, asked only of their own prayers. */
const dueToday = (p: string) => `(${p}.author_id = $1 and ${p}.status = 'pending' and exists (
  select 1 from (select ${viewerToday} as d) t
  where (${p}.snooze_until is null or ${p}.snooze_until <= t.d)
    and (case ${p}.rhythm_kind
      when 'daily' then true
      when 'weekdays' then extract(isodow from t.d) < 6
      when 'weekly' then extract(dow from t.d)::smallint = any(${p}.rhythm_days)
      when 'monthly' then extract(day from t.d) = least(${p}.rhythm_day_of_month,
        extract(day from (date_trunc('month', t.d) + interval '1 month - 1 day')))
      when 'until' then t.d <= ${p}.rhythm_until
      else false end)
    and not exists (select 1 from prayer_events e
      where e.prayer_id = ${p}.id and e.user_id = $1 and e.day = t.d)))`;

/** prayers.presenter.ts `presentRhythm`: the author's own; anyone else reads no rhythm. */
const rhythmJson = (p: string) => `case when ${p}.author_id = $1 then json_build_object(
    'kind', ${p}.rhythm_kind,
    'days', case when ${p}.rhythm_kind = 'weekly' then coalesce((select json_agg(d order by d)
      from unnest(${p}.rhythm_days) d), '[]'::json) end,
    'dayOfMonth', case when ${p}.rhythm_kind = 'monthly' then ${p}.rhythm_day_of_month end,
    'until', case when ${p}.rhythm_kind = 'until' then ${p}.rhythm_until::text end,
    'snoozeUntil', ${p}.snooze_until::text)
  else json_build_object('kind', 'none', 'days', null, 'dayOfMonth', null, 'until', null,
    'snoozeUntil', null) end`;

/** prayers.presenter.ts `presentPrayer` with its testimonies, oldest first. */
const prayerJson = (p: string) => `json_build_object(
  '_id', ${p}.id, 'title', ${p}.title, 'content', ${p}.content, 'category', ${p}.category,
  'status', ${p}.status, 'isPrivate', ${p}.is_private, 'journal', ${p}.journal_id,
  'journalTitle', ${p}.journal_title, 'author', ${p}.author_id, 'memoryVerse', ${p}.memory_verse,
  'testimonies', coalesce((select json_agg(t.text order by t.created_at, t.id)
    from prayer_testimonies t where t.prayer_id = ${p}.id), '[]'::json),
  'answeredAt', ${iso(`${p}.answered_at`)}, 'createdAt', ${iso(`${p}.created_at`)},
  'updatedAt', ${iso(`${p}.updated_at`)},
  'rhythm', ${rhythmJson(p)}, 'urgent', (${p}.author_id = $1 and ${p}.urgent), 'due', ${dueToday(p)})`;

/** A newest-first page of `page` (limit $2 + 1 rows) as the app pages: data and nextCursor. */
const pageOf = (item: string) => `json_build_object(
  'data', coalesce((select json_agg(${item} order by s.created_at desc, s.id desc) from shown s), '[]'::json),
  'nextCursor', case when (select count(*) from page) > $2 then
    (select ${cursor(iso('s.created_at'), 's.id')} from shown s order by s.created_at, s.id limit 1) end)`;

const userAndLimit =
  (fallback: number): OneStatement['params'] =>
  ({ userId, query }) => [userId, query.limit === undefined ? fallback : Number(query.limit)];

export const ONE_STATEMENT: Record<string, OneStatement> = {
  // stats.service.ts `dashboard`: counts, streak and testimonies in the user's time zone, within
  // the plan's statistics window (ADR 027).
  stats: {
    params: ({ userId }) => [userId],
    text: `
with me as (
  select u.id, ${zoneOf('u.settings')} as tz,
    case when u.plan <> 'free' and u.plan_expires_at > now() then null else ${FREE_STATS_DAYS} end as window_days
  from users u where u.id = $1
), day as (
  select me.*, (now() at time zone me.tz)::date as today from me
), bounds as (
  select day.*,
    today::timestamp at time zone tz as day_start,
    (today - (extract(isodow from today)::int - 1))::timestamp at time zone tz as week_start,
    date_trunc('month', today)::date::timestamp at time zone tz as month_start,
    (today - (coalesce(window_days, 1) - 1))::timestamp at time zone tz as answered_since
  from day
), counts as (
  select count(*)::int as total,
    (count(*) filter (where p.status = 'pending'))::int as active,
    (count(*) filter (where p.status = 'answered'))::int as answered,
    (count(*) filter (where p.created_at >= b.day_start))::int as today,
    (count(*) filter (where p.created_at >= b.week_start))::int as week,
    (count(*) filter (where p.created_at >= b.month_start))::int as month
  from prayers p, bounds b where p.author_id = $1
), reach as (
  select coalesce(window_days, 1000) + ceil(coalesce(window_days, 1000) / 6.0)::int + 2 as n from me
), days as (
  -- practice.service.ts streak: the days prayed, as far back as the window needs.
  select e.day as d
  from prayer_events e, bounds b, reach r
  where e.user_id = $1 and e.day >= b.today - r.n
  group by e.day
  order by e.day desc
  limit (select n + 1 from reach)
), cal as (
  -- lib/time-zone.ts fairStreak: from today (or yesterday, when today has no Prayed yet)
  -- back to the oldest day read; two missed days within 7 end it.
  select g::date as d, exists (select 1 from days where days.d = g::date) as prayed
  from bounds b, generate_series(
    case when exists (select 1 from days where days.d = b.today) then b.today else b.today - 1 end,
    (select min(d) from days), interval '-1 day') g
), misses as (
  select d, lag(d) over (order by d desc) as newer from cal where not prayed
), streak as (
  select count(*)::int as n from cal
  where prayed and cal.d > coalesce((select max(d) from misses where newer - d < 7), '-infinity'::date)
), answered as (
  select p.id, p.title,
    coalesce((select pt.text from prayer_testimonies pt where pt.prayer_id = p.id
      order by pt.created_at desc limit 1), p.content) as content,
    p.answered_at as sort_key, coalesce(p.answered_at, p.created_at) as answered_at,
    greatest(0, floor(extract(epoch from date_trunc('milliseconds', coalesce(p.answered_at, p.created_at))
      - date_trunc('milliseconds', p.created_at)) / 60))::bigint as m
  from prayers p, bounds b
  where p.author_id = $1 and p.status = 'answered'
    and (b.window_days is null or p.answered_at >= b.answered_since)
  order by p.answered_at desc
  limit 5
), testimonies as (
  select a.*,
    case when m >= 525600 then m / 525600 when m >= 43200 then m / 43200 when m >= 10080 then m / 10080
      when m >= 1440 then m / 1440 when m >= 60 then m / 60 when m >= 1 then m else 1 end as n,
    case when m >= 525600 then 'year' when m >= 43200 then 'month' when m >= 10080 then 'week'
      when m >= 1440 then 'day' when m >= 60 then 'hour' else 'minute' end as unit
  from answered a
)
select json_build_object(
  'totalPrayers', c.total, 'activePrayers', c.active, 'answeredPrayers', c.answered,
  'prayerStreak', case when b.window_days is null then s.n else least(s.n, b.window_days) end,
  'prayersToday', c.today, 'prayersThisWeek', c.week,
  'prayersThisMonth', case when b.window_days is not null and b.window_days < 31 then null else c.month end,
  'recentTestimonies', coalesce((select json_agg(json_build_object(
      'id', t.id, 'title', t.title, 'content', t.content, 'dateAnswered', ${iso('t.answered_at')},
      'prayedFor', t.n, 'timeUnit', t.unit || case when t.n = 1 then '' else 's' end)
    order by t.sort_key desc nulls first) from testimonies t), '[]'::json),
  'timeZone', b.tz, 'statsWindowDays', b.window_days)::text
from bounds b, counts c, streak s`,
  },

  // journals.service.ts `listMine`: the journals the user belongs to, newest first (500 at most).
  journals: {
    params: ({ userId }) => [userId],
    text: `
select coalesce(json_agg(${journalJson('j', 'j.role')} order by j.created_at desc, j.id desc), '[]'::json)::text
from (
  select jn.*, m.role from journal_members m join journals jn on jn.id = m.journal_id
  where m.user_id = $1 order by jn.created_at desc, jn.id desc limit 500
) j`,
  },

  // journals.service.ts `detail`: the journal if readable, its visible members, its first 50
  // prayers the viewer may see with their testimonies, and their categories. Null: 404.
  journal: {
    params: ({ userId, route }) => [userId, route.id],
    text: `
with j as (
  select jn.*, (select m.role from journal_members m where m.journal_id = jn.id and m.user_id = $1) as role
  from journals jn where jn.id = $2 and ${journalReadable('jn')}
), members as (
  select m.user_id, u.first_name, u.last_name, u.profile_picture, m.role, m.via_share, m.joined_at
  from j, journal_members m join users u on u.id = m.user_id
  where m.journal_id = j.id
    and (j.owner_id = $1 or (j.role is not null and m.role = 'owner') or ${profileVisible('u')})
  order by m.role = 'owner' desc, m.joined_at
  limit 100
), page as (
  select p.*, j.title as journal_title
  from j, prayers p where p.journal_id = j.id and (p.author_id = $1 or p.is_private = false)
  order by p.created_at desc, p.id desc limit 51
), shown as (
  select * from page order by created_at desc, id desc limit 50
), presented as (
  select j.*, ${journalJson('j', 'j.role')}::jsonb as journal,
    case when j.owner_id = $1 then j.prayer_count - j.answered_count
      else j.public_prayer_count - j.public_answered_count end as active_count
  from j
)
select (j.journal || jsonb_build_object(
  'ownerName', coalesce((select btrim(m.first_name || ' ' || m.last_name) from members m where m.role = 'owner' limit 1), ''),
  'members', coalesce((select jsonb_agg(jsonb_build_object(
      '_id', m.user_id, 'userId', m.user_id, 'name', btrim(m.first_name || ' ' || m.last_name),
      'avatar', m.profile_picture, 'role', m.role, 'shared', m.via_share, 'joinedAt', ${iso('m.joined_at')})
    order by m.role = 'owner' desc, m.joined_at) from members m), '[]'::jsonb),
  'prayers', coalesce((select jsonb_agg(${prayerJson('s')} order by s.created_at desc, s.id desc) from shown s), '[]'::jsonb),
  'prayersNextCursor', case when (select count(*) from page) > 50 then
    (select ${cursor(iso('s.created_at'), 's.id')} from shown s order by s.created_at, s.id limit 1) end,
  'activeCount', j.active_count,
  'categories', coalesce((select jsonb_agg(c.category order by c.category) from (
    select distinct p.category from prayers p
    where p.journal_id = j.id and (p.author_id = $1 or p.is_private = false)) c), '[]'::jsonb)
))::text
from presented j`,
  },

  // journals.service.ts `discover`, tab popular: public journals by members, then id.
  discover: {
    params: userAndLimit(12),
    text: `
with page as (
  select jn.*, (select m.role from journal_members m where m.journal_id = jn.id and m.user_id = $1) as role
  from journals jn where jn.is_private = false
  order by jn.member_count desc, jn.id desc limit $2 + 1
), shown as (
  select * from page order by member_count desc, id desc limit $2
)
select json_build_object(
  'data', coalesce((select json_agg(${journalJson('s', 's.role')} order by s.member_count desc, s.id desc) from shown s), '[]'::json),
  'nextCursor', case when (select count(*) from page) > $2 then
    (select ${cursor('s.member_count', 's.id')} from shown s order by s.member_count, s.id limit 1) end)::text`,
  },

  // prayers.service.ts `listForUser`: the user's prayers across journals, newest first.
  prayers: {
    params: userAndLimit(50),
    text: `
with page as (
  select p.*, jn.title as journal_title
  from prayers p join journals jn on jn.id = p.journal_id
  where p.author_id = $1 and (p.author_id = $1 or p.is_private = false)
  order by p.created_at desc, p.id desc limit $2 + 1
), shown as (
  select * from page order by created_at desc, id desc limit $2
)
select ${pageOf(prayerJson('s'))}::text`,
  },

  // friends.service.ts `list`: every friend (1,000 at most) by name, with journals in common.
  friends: {
    params: ({ userId }) => [userId],
    text: `
select json_build_object('data', coalesce(json_agg(json_build_object(
    '_id', f.id, 'firstName', f.first_name, 'lastName', f.last_name, 'username', f.username,
    'email', f.email, 'profilePicture', f.profile_picture, 'lastActive', ${iso('f.last_active_at')},
    'mutualJournals', (select count(*)::int from journal_members m1
      join journal_members m2 on m2.journal_id = m1.journal_id
      where m1.user_id = $1 and m2.user_id = f.id),
    'friendsSince', ${iso('f.friends_since')})
  order by f.first_name, f.last_name, f.id), '[]'::json))::text
from (
  select u.*, fs.created_at as friends_since
  from friendships fs join users u on u.id = fs.friend_id
  where fs.user_id = $1 order by u.first_name, u.last_name, u.id limit 1000
) f`,
  },

  // prayer-requests.service.ts `list`, friendRequests: friends' requests the user may read, each
  // with the first 20 people whose commitment runs (each on their own local today) whom the user
  // may see, their count, the user's own commitment, the Prayed events of the user's last 7
  // local days, and the newest update. Never the user's own, so sharedWith is always empty.
  requests: {
    params: userAndLimit(20),
    text: `
with me as (
  select (now() at time zone ${zoneOf('settings')})::date as today
  from users where id = $1
), page as (
  select pr.*, c.username as creator_username, c.profile_picture as creator_avatar,
    coalesce(nullif(trim(c.first_name || ' ' || c.last_name), ''), c.username) as creator_name
  from prayer_requests pr join users c on c.id = pr.creator_id
  where pr.creator_id <> $1
    and pr.creator_id in (select rf.friend_id from friendships rf where rf.user_id = $1)
    and (pr.is_private = false or exists (select 1 from prayer_request_shares rs
      where rs.request_id = pr.id and rs.user_id = $1))
  order by pr.created_at desc, pr.id desc limit $2 + 1
), shown as (
  select * from page order by created_at desc, id desc limit $2
), running as (
  select r.* from prayer_request_responses r join users ru on ru.id = r.user_id
  where r.request_id in (select id from shown) and r.ended_at is null
    and (r.ends_on is null
      or r.ends_on >= (now() at time zone ${zoneOf('ru.settings')})::date)
)
select ${pageOf(`json_build_object(
    '_id', s.id, 'title', s.title, 'description', s.description, 'category', s.category,
    'isPrivate', s.is_private, 'sharedWith', '[]'::json, 'createdAt', ${iso('s.created_at')},
    'creator', json_build_object('_id', s.creator_id, 'username', s.creator_username,
      'name', s.creator_name, 'avatar', s.creator_avatar),
    'respondedUsers', coalesce((select json_agg(json_build_object('_id', u.id, 'username', u.username,
        'name', coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username),
        'avatar', u.profile_picture)
        order by r.created_at, r.user_id)
      from (select * from running r where r.request_id = s.id
        order by r.created_at, r.user_id limit 20) r
      join users u on u.id = r.user_id where ${profileVisible('u')}), '[]'::json),
    'prayingCount', (select count(*)::int from running r where r.request_id = s.id),
    'isPraying', exists (select 1 from running r where r.request_id = s.id and r.user_id = $1),
    'isMine', s.creator_id = $1,
    'status', s.status,
    'answeredAt', case when s.answered_at is null then null else ${iso('s.answered_at')} end,
    'testimony', s.testimony,
    'prayedThisWeek', (select count(*)::int from prayer_events e, me
      where e.request_id = s.id and e.user_id <> s.creator_id and e.day > me.today - 7),
    'commitment', (select json_build_object('cadence', r.cadence,
        'endsOn', to_char(r.ends_on, 'YYYY-MM-DD'),
        'running', r.ended_at is null and (r.ends_on is null or r.ends_on >= me.today),
        'daysLeft', case when r.ends_on is not null and r.ended_at is null and r.ends_on >= me.today
          then r.ends_on - me.today + 1 end)
      from prayer_request_responses r, me where r.request_id = s.id and r.user_id = $1),
    'latestUpdate', (select json_build_object('id', pu.id, 'text', pu.text, 'createdAt', ${iso('pu.created_at')})
      from prayer_request_updates pu where pu.request_id = s.id
      order by pu.created_at desc, pu.id desc limit 1),
    'updatesCount', (select count(*)::int from prayer_request_updates pu where pu.request_id = s.id))`)}::text`,
  },

  // notifications.service.ts `list`: newest first, each link kept only while it leads somewhere
  // the user may go (access.policy.ts `openableLinks`), and the unread count.
  notifications: {
    params: userAndLimit(20),
    text: `
with page as (
  select * from notifications n where n.user_id = $1
  order by n.created_at desc, n.id desc limit $2 + 1
), shown as (
  select * from page order by created_at desc, id desc limit $2
)
select (${pageOf(`json_build_object(
    '_id', s.id, 'id', s.id, 'type', s.type, 'message', s.message,
    'link', case
      when s.link ~* '^/journal/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        case when exists (select 1 from journals lj where lj.id = lower(substr(s.link, 10))::uuid
          and ${journalReadable('lj')}) then s.link end
      when s.link ~* '^/prayer/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        case when exists (select 1 from prayers lp where lp.id = lower(substr(s.link, 9))::uuid
          and (lp.author_id = $1 or (lp.is_private = false and (
            exists (select 1 from prayer_shares ps where ps.prayer_id = lp.id and ps.user_id = $1)
            or exists (select 1 from journals pj where pj.id = lp.journal_id and ${journalReadable('pj')}))))) then s.link end
      when s.link ~* '^/prayer-groups/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        case when exists (select 1 from prayer_groups g where g.id = lower(substr(s.link, 16))::uuid
          and (g.is_public = true
            or exists (select 1 from prayer_group_members gm where gm.group_id = g.id and gm.user_id = $1)
            or exists (select 1 from prayer_group_invites gi where gi.group_id = g.id and gi.user_id = $1)
            or exists (select 1 from journals gj where gj.id = g.journal_id and gj.owner_id = $1))) then s.link end
      else s.link end,
    'read', s.read, 'createdAt', ${iso('s.created_at')})`)}::jsonb
  || jsonb_build_object('unreadCount', (select count(*)::int from notifications u where u.user_id = $1 and u.read = false)))::text`,
  },

  // practice.service.ts `session` (docs/decisions/051, Sessions): own pending unsnoozed prayers,
  // running commitments to friends' requests the user may still read, public pending prayers of
  // their groups' readable journals; due, urgent, least recently prayed, then a cycle of ids
  // after the previous session's last item. Remembers the size and the rotation, as the app does
  // in its one statement. $2: the size asked for (null: the remembered one, 5 when never set).
  session: {
    params: ({ userId, query }) => [userId, query.size === undefined ? null : Number(query.size)],
    text: `
with me as (
  select (now() at time zone ${zoneOf('u.settings')})::date as today,
    coalesce($2::int, (u.settings->>'prayerSessionSize')::int, 5) as size,
    coalesce(u.settings->>'prayerSessionAfter', '') as after
  from users u where u.id = $1
), mine as (
  select coalesce(e.prayer_id, e.request_id) as target, max(e.occurred_at) as last_prayed,
    count(*)::int as prayed_count
  from prayer_events e where e.user_id = $1 group by 1
), items as (
  select 'prayer'::text as kind, p.id, p.title, p.content as text, p.memory_verse as verse,
    (case p.rhythm_kind
      when 'daily' then true
      when 'weekdays' then extract(isodow from me.today) < 6
      when 'weekly' then extract(dow from me.today)::smallint = any(p.rhythm_days)
      when 'monthly' then extract(day from me.today) = least(p.rhythm_day_of_month,
        extract(day from (date_trunc('month', me.today) + interval '1 month - 1 day')))
      when 'until' then me.today <= p.rhythm_until
      else false end
     and not exists (select 1 from prayer_events pe
       where pe.prayer_id = p.id and pe.user_id = $1 and pe.day = me.today)) as due,
    p.urgent, null::json as asked_by, 'own'::text as source, null::text as group_name
  from me, prayers p
  where p.author_id = $1 and p.status = 'pending'
    and (p.snooze_until is null or p.snooze_until <= me.today)
  union all
  select 'request', r.id, r.title, r.description, null::jsonb,
    not exists (select 1 from prayer_events pe
      where pe.request_id = r.id and pe.user_id = $1 and pe.day = me.today), false,
    case when ${profileVisible('c')} then json_build_object('id', c.id,
      'name', btrim(c.first_name || ' ' || c.last_name)) end,
    'commitment', null
  from me, prayer_request_responses rr
    join prayer_requests r on r.id = rr.request_id
    join users c on c.id = r.creator_id
  where rr.user_id = $1 and rr.ended_at is null and (rr.ends_on is null or rr.ends_on >= me.today)
    and r.status = 'pending' and r.creator_id <> $1
    and r.creator_id in (select rf.friend_id from friendships rf where rf.user_id = $1)
    and (r.is_private = false or exists (select 1 from prayer_request_shares rs
      where rs.request_id = r.id and rs.user_id = $1))
  union all
  (select distinct on (p.id) 'prayer', p.id, p.title, p.content, p.memory_verse, false, false,
    null::json, 'group', g.name
  from prayer_group_members gm
    join prayer_groups g on g.id = gm.group_id
    join journals gj on gj.id = g.journal_id
    join prayers p on p.journal_id = g.journal_id
  where gm.user_id = $1 and ${journalReadable('gj')} and p.is_private = false
    and p.status = 'pending' and p.author_id <> $1
  order by p.id, g.name)
), picked as (
  select i.*, e.last_prayed, coalesce(e.prayed_count, 0) as prayed_count,
    row_number() over (order by i.due desc, i.urgent desc, e.last_prayed asc nulls first,
      (i.id::text <= me.after) asc, i.id asc) as position
  from me, items i left join mine e on e.target = i.id
  order by position
  limit (select size from me)
), remembered as (
  update users set settings = settings || jsonb_build_object('prayerSessionSize', (select size from me))
    || coalesce((select jsonb_build_object('prayerSessionAfter', id::text) from picked
      order by position desc limit 1), '{}'::jsonb)
  where id = $1
  returning 1
)
select json_build_object(
  'items', coalesce((select json_agg((json_build_object(
      'kind', kind, 'id', id, 'title', title, 'text', text, 'verse', verse, 'due', due,
      'urgent', urgent, 'lastPrayedAt', ${iso('last_prayed')}, 'prayedCount', prayed_count,
      'askedBy', asked_by, 'source', source)::jsonb
      || case when group_name is null then '{}'::jsonb
        else jsonb_build_object('groupName', group_name) end) order by position)
    from picked), '[]'::json),
  'size', (select size from me))::text`,
  },
};

// Another user's public journal: the same route, seen by a reader (the statement follows the viewer).
ONE_STATEMENT['journal-public'] = ONE_STATEMENT.journal!;
