import { type Column, sql, type SQL } from 'drizzle-orm';
import {
  type GroupRole,
  journalMembers,
  journals,
  prayerGroupInvites,
  prayerGroupMembers,
  prayerGroups,
  prayerRequests,
  prayers,
  users,
} from '../../db/schema/index.ts';
import { textMatches } from '../../lib/text-search.ts';

/**
 * Who may see what, as SQL conditions: the one statement of Selah's visibility rules
 * (decisions §4, docs/decisions/036). Lists filter with these conditions and single records are
 * found through them (access.policy.ts), so a list and a detail can never disagree. Repositories
 * of other modules use these builders; they never write a visibility rule of their own.
 *
 * Each builder takes the viewer's id and, where it applies to a row of an outer query, the
 * columns of that row (defaults: the table itself, unaliased).
 */

/**
 * Who is looking: a user's id, or the column of the statement's row that holds it (a
 * notification's recipient).
 */
export type Viewer = string | Column | SQL;

/** Any row of `journal_members` for this journal and user (the owner has one too). */
const isJournalMember = (viewerId: Viewer, journalId: Column | SQL) =>
  sql`exists (select 1 from journal_members jm where jm.journal_id = ${journalId} and jm.user_id = ${viewerId})`;

/**
 * A journal is readable by every signed-in user when public; by its owner and its members when
 * private.
 */
export function journalReadable(
  viewerId: Viewer,
  journal: { id: Column | SQL; ownerId: Column | SQL; isPrivate: Column | SQL } = journals,
): SQL {
  return sql`(${journal.isPrivate} = false or ${journal.ownerId} = ${viewerId} or ${isJournalMember(viewerId, journal.id)})`;
}

/** The viewer's membership of a journal: 'owner', 'member', or null for none. */
export function journalRole(viewerId: string, journalId: Column | SQL = journals.id) {
  return sql<
    'owner' | 'member' | null
  >`(select ${journalMembers.role} from ${journalMembers} where ${journalMembers.journalId} = ${journalId} and ${journalMembers.userId} = ${viewerId})`;
}

/**
 * A journal as its viewer may see it, for lists over `journals`: the row and the viewer's role.
 */
export function journalWithViewerColumns(viewerId: string) {
  return { journal: journals, role: journalRole(viewerId) };
}

/** Public journals are the ones anybody may find (discover, trending, categories). */
export function journalListedPublicly(journal: { isPrivate: Column } = journals): SQL {
  return sql`${journal.isPrivate} = false`;
}

/** A prayer every reader of its journal sees (not kept private by its author). */
export function prayerSeenByJournalReaders(): SQL {
  return sql`${prayers.isPrivate} = false`;
}

/** A prayer its author keeps private: only they see it, even in a journal others read. */
export function prayerKeptPrivate(): SQL {
  return sql`${prayers.isPrivate} = true`;
}

/**
 * Inside a journal the viewer may read: every prayer of their own, and the others' public ones
 * (a private prayer is its author's alone, even inside a journal others read). A null viewer is
 * nobody's own: the public ones only (what a group shows, even to the journal's owner).
 */
export function prayerVisibleInReadableJournal(viewerId: string | null): SQL {
  if (viewerId === null) return prayerSeenByJournalReaders();
  return sql`(${prayers.authorId} = ${viewerId} or ${prayers.isPrivate} = false)`;
}

/**
 * A prayer is readable by its author; a public one also by the friends it was shared with and by
 * whoever may read its journal.
 */
export function prayerReadable(viewerId: Viewer): SQL {
  return sql`(${prayers.authorId} = ${viewerId} or (${prayers.isPrivate} = false and (
    exists (select 1 from prayer_shares ps where ps.prayer_id = ${prayers.id} and ps.user_id = ${viewerId})
    or exists (select 1 from journals pj where pj.id = ${prayers.journalId} and ${journalReadable(
      viewerId,
      { id: sql`pj.id`, ownerId: sql`pj.owner_id`, isPrivate: sql`pj.is_private` },
    )})
  )))`;
}

/**
 * A prayer request is readable by its creator (`requestReadable`), and by others as
 * `othersRequestReadable` says.
 */
export function requestReadable(viewerId: Viewer): SQL {
  return sql`(${prayerRequests.creatorId} = ${viewerId} or ${othersRequestReadable(viewerId)})`;
}

/**
 * Someone else's prayer request is readable by the creator's friends when public, by the friends
 * it was shared with when private. The friendship is required at read time, so un-friending
 * takes effect on the next request. For one viewer it is written as a semi-join on the viewer's
 * friendships: the "friends' requests" list filters with it alone, and the planner walks each
 * friend's requests by index instead of scanning every request newest first. For a viewer that
 * is a column of each row (the people counted under a request: ADR 055) the same friendship is
 * one primary-key probe per row instead of a walk through that person's friends.
 */
export function othersRequestReadable(viewerId: Viewer): SQL {
  const friendOfCreator =
    typeof viewerId === 'string'
      ? sql`${prayerRequests.creatorId} in (select rf.friend_id from friendships rf where rf.user_id = ${viewerId})`
      : sql`exists (select 1 from friendships rf where rf.user_id = ${viewerId} and rf.friend_id = ${prayerRequests.creatorId})`;
  return sql`(${prayerRequests.creatorId} <> ${viewerId}
    and ${friendOfCreator}
    and (${prayerRequests.isPrivate} = false
      or exists (select 1 from prayer_request_shares rs where rs.request_id = ${prayerRequests.id} and rs.user_id = ${viewerId})))`;
}

/** Public groups are the ones anybody may find (suggestions). */
export function groupListedPublicly(): SQL {
  return sql`${prayerGroups.isPublic} = true`;
}

/**
 * A prayer group is visible (its name, description and members) to everyone when public; to its
 * members, the people invited to it and its journal's owner when private. What a group shows of
 * its journal (title, prayers) follows the journal's own rule, `journalReadable`: a group never
 * lets anyone read a journal they could not read without it.
 */
export function groupVisible(viewerId: Viewer): SQL {
  return sql`(${prayerGroups.isPublic} = true
    or exists (select 1 from prayer_group_members gm where gm.group_id = ${prayerGroups.id} and gm.user_id = ${viewerId})
    or exists (select 1 from prayer_group_invites gi where gi.group_id = ${prayerGroups.id} and gi.user_id = ${viewerId})
    or exists (select 1 from journals gj where gj.id = ${prayerGroups.journalId} and gj.owner_id = ${viewerId}))`;
}

/** The journal of a group, readable by the viewer (for what the group shows of it). */
export function groupJournalReadable(viewerId: string): SQL {
  return sql`exists (select 1 from journals gj where gj.id = ${prayerGroups.journalId} and ${journalReadable(
    viewerId,
    { id: sql`gj.id`, ownerId: sql`gj.owner_id`, isPrivate: sql`gj.is_private` },
  )})`;
}

/**
 * A group as its viewer may see it, for selects over `prayer_groups` joined with its journal:
 * the row, the journal's title only when the viewer may read the journal, the viewer's role and
 * whether they were invited.
 */
export function groupWithViewerColumns(viewerId: string) {
  const readable = groupJournalReadable(viewerId);
  return {
    group: prayerGroups,
    journalTitle: sql<string | null>`case when ${readable} then ${journals.title} end`,
    journalReadable: sql<boolean>`${readable}`,
    journalOwnerId: journals.ownerId,
    role: sql<GroupRole | null>`(select ${prayerGroupMembers.role} from ${prayerGroupMembers} where ${prayerGroupMembers.groupId} = ${prayerGroups.id} and ${prayerGroupMembers.userId} = ${viewerId})`,
    invited: sql<boolean>`exists (select 1 from ${prayerGroupInvites} where ${prayerGroupInvites.groupId} = ${prayerGroups.id} and ${prayerGroupInvites.userId} = ${viewerId})`,
  };
}

/**
 * Whom a search for `q` finds: people whose profile the viewer may see, by name or exact
 * username; anyone by exact username unless their profile is private; anyone by their exact full
 * e-mail address (`exactEmail`, normalised). Never by part of an e-mail address.
 */
export function personFindable(viewerId: string, q: string, exactEmail: string): SQL {
  const handle = sql`lower(${users.username}) = lower(${q})`;
  const name = textMatches(q, sql`${users.firstName} || ' ' || ${users.lastName}`);
  return sql`(((${name}) or ${handle}) and ${profileVisible(viewerId)}
    or (${handle} and coalesce(${users.settings}->'privacy'->>'profileVisibility', 'friends') <> 'private')
    or ${users.email} = ${exactEmail})`;
}

/**
 * Whether the viewer may see a person (name, username, photo) wherever Selah shows people:
 * themselves; their friends; whoever sent them a friend request that is still pending (asking
 * is choosing to be seen; the reverse is no grant: a request is not a way to see someone);
 * everyone when the profile is public; friends of friends when
 * it is "friends" (the default). A private profile is seen by friends only. Surfaces add the
 * grants of their own context on top (a journal's owner sees its members, a group's admins its
 * members), and search adds the exact e-mail (access.policy.ts).
 */
export function profileVisible(
  viewerId: string,
  person: { id: Column | SQL; settings: Column | SQL } = users,
): SQL {
  const visibility = sql`coalesce(${person.settings}->'privacy'->>'profileVisibility', 'friends')`;
  return sql`(${person.id} = ${viewerId}
    or ${visibility} = 'public'
    or exists (select 1 from friendships pf where pf.user_id = ${viewerId} and pf.friend_id = ${person.id})
    or (${visibility} = 'friends' and exists (
      select 1 from friendships f1 join friendships f2 on f2.user_id = f1.friend_id
      where f1.user_id = ${viewerId} and f2.friend_id = ${person.id}))
    or exists (select 1 from friend_requests pr where pr.status = 'pending'
      and pr.requester_id = ${person.id} and pr.recipient_id = ${viewerId}))`;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Whether an in-app link (a notification's) still leads somewhere the viewer may go: a link to a
 * journal, a prayer or a group only while that record is visible to them (un-shared since, a
 * group left: not); any other link always. Read with the notification, in its statement.
 */
export function linkOpenable(viewerId: Viewer, link: Column | SQL): SQL<boolean> {
  return sql<boolean>`(case
    when ${link} ~* ${`^/journal/${UUID}$`} then exists (select 1 from journals lj
      where lj.id = substr(${link}, 10)::uuid and ${journalReadable(viewerId, {
        id: sql`lj.id`,
        ownerId: sql`lj.owner_id`,
        isPrivate: sql`lj.is_private`,
      })})
    when ${link} ~* ${`^/prayer/${UUID}$`} then exists (select 1 from prayers
      where ${prayers.id} = substr(${link}, 9)::uuid and ${prayerReadable(viewerId)})
    when ${link} ~* ${`^/prayer-groups/${UUID}$`} then exists (select 1 from prayer_groups
      where ${prayerGroups.id} = substr(${link}, 16)::uuid and ${groupVisible(viewerId)})
    else true end)`;
}

/**
 * The rows of a grant (a share, a membership via share) that gave each of two people something
 * the other owns: `grantee` is one of them and `record` is owned (`ownerOf`) by the other. What
 * ending a friendship takes back (docs/decisions/037).
 */
export function grantedBetween(
  a: string,
  b: string,
  grant: { grantee: Column; record: Column },
  owned: { table: SQL; owner: SQL },
): SQL {
  const ownedBy = (owner: string) =>
    sql`${grant.record} in (select id from ${owned.table} where ${owned.owner} = ${owner})`;
  return sql`((${grant.grantee} = ${b} and ${ownedBy(a)}) or (${grant.grantee} = ${a} and ${ownedBy(b)}))`;
}
