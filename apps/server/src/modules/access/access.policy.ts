import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  type GroupRole,
  type JournalRow,
  journalMembers,
  journals,
  type PrayerGroupRow,
  type PrayerRequestRow,
  type PrayerRow,
  prayerGroups,
  prayerRequests,
  prayers,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import {
  groupVisible,
  groupWithViewerColumns,
  journalReadable,
  journalWithViewerColumns,
  prayerReadable,
  requestReadable,
} from './access.sql.ts';

/**
 * Whether readers of a prayer's journal see it (it is not kept private by its author): what the
 * public counters count and what the journal's members hear about.
 */
export function seenByJournalReaders(prayer: Pick<PrayerRow, 'isPrivate'>): boolean {
  return !prayer.isPrivate;
}

/** A journal the viewer may read, with their role in it. */
export interface JournalAccess {
  journal: JournalRow;
  /** The viewer's membership ('owner' for the owner), null when they only read a public journal. */
  role: 'owner' | 'member' | null;
}

/** A prayer the viewer may read; its journal's title only when they may read the journal too. */
export interface PrayerAccess {
  prayer: PrayerRow;
  journalTitle: string | null;
}

export interface RequestAccess {
  request: PrayerRequestRow;
  creator: UserRow;
}

/** A group the viewer may see, with their place in it and whether they may read its journal. */
export interface GroupAccess {
  group: PrayerGroupRow;
  /** The journal's title, null when the viewer may not read the journal. */
  journalTitle: string | null;
  journalReadable: boolean;
  journalOwnerId: string;
  role: GroupRole | null;
  invited: boolean;
}

export const ONLY_ADMINS_MESSAGE = 'Only group admins can do that.';

/**
 * More to read in the statement that finds a record through its access rule (a detail's members,
 * a page of its prayers): expressions that may use the record's row, whose values come back with
 * it (ADR 046: a read runs one statement).
 */
export type AlsoRead = Record<string, SQL>;
type ReadToo<A extends AlsoRead> = { [K in keyof A]: A[K]['_']['type'] };

/**
 * The one place that answers "may this user see or change this?" (issue 18 §1,
 * docs/decisions/036). Reads go through the conditions of access.sql.ts, so anything hidden is
 * simply not found (404, as for a missing record: decisions §4); what someone may *do* with a
 * record they can see is decided by the `may*`/`assert*` rules below. Every module asks here.
 */
export class AccessPolicy {
  private readonly db: Db;

  constructor(deps: { db: Db }) {
    this.db = deps.db;
  }

  // --- Journals ---------------------------------------------------------------------------

  /**
   * The journal's members other than its owner: who hears about what happens in it (a prayer
   * answered there).
   */
  async journalMemberIds(journalId: string, tx: DbOrTx = this.db): Promise<string[]> {
    const rows = await tx
      .select({ userId: journalMembers.userId })
      .from(journalMembers)
      .where(and(eq(journalMembers.journalId, journalId), eq(journalMembers.role, 'member')));
    return rows.map((r) => r.userId);
  }

  /** The journal if the viewer may read it, else null. */
  async journal(viewerId: string, id: string, tx: DbOrTx = this.db): Promise<JournalAccess | null> {
    return this.journalWith(viewerId, id, {}, tx);
  }

  /** The journal if the viewer may read it, with `also` read in the same statement; else null. */
  async journalWith<A extends AlsoRead>(
    viewerId: string,
    id: string,
    also: A,
    tx: DbOrTx = this.db,
  ): Promise<(JournalAccess & ReadToo<A>) | null> {
    const [row] = await tx
      .select({ ...journalWithViewerColumns(viewerId), ...also })
      .from(journals)
      .where(and(eq(journals.id, id), journalReadable(viewerId)))
      .limit(1);
    return (row ?? null) as (JournalAccess & ReadToo<A>) | null;
  }

  /** @throws AppError NOT_FOUND when the journal is missing or hidden from the viewer. */
  async readableJournal(viewerId: string, id: string, tx?: DbOrTx): Promise<JournalAccess> {
    const row = await this.journal(viewerId, id, tx);
    if (!row) throw notFound('Journal');
    return row;
  }

  /**
   * Only a journal's owner changes it: its title, privacy, prayers, members and shares.
   * @throws AppError NOT_FOUND for anyone else (they cannot tell it exists).
   */
  async ownedJournal(viewerId: string, id: string, tx?: DbOrTx): Promise<JournalAccess> {
    const row = await this.journal(viewerId, id, tx);
    if (!row || !this.ownsJournal(row, viewerId)) throw notFound('Journal');
    return row;
  }

  ownsJournal(access: JournalAccess, viewerId: string): boolean {
    return access.journal.ownerId === viewerId;
  }

  /** A private journal is shared by its owner only; a public one by anyone who may read it. */
  mayShareJournal(access: JournalAccess, viewerId: string): boolean {
    return !access.journal.isPrivate || this.ownsJournal(access, viewerId);
  }

  /** Sharing a private journal makes the friends members (read access); a public one is open. */
  shareMakesMembers(access: JournalAccess): boolean {
    return access.journal.isPrivate;
  }

  // --- Prayers ----------------------------------------------------------------------------

  /** A private prayer stays with its author: only public prayers are shared. */
  maySharePrayer(prayer: Pick<PrayerRow, 'isPrivate'>): boolean {
    return !prayer.isPrivate;
  }

  /** The prayer if the viewer may read it, else null. */
  async prayer(viewerId: string, id: string, tx: DbOrTx = this.db): Promise<PrayerAccess | null> {
    return this.prayerWith(viewerId, id, {}, tx);
  }

  /** The prayer if the viewer may read it, with `also` read in the same statement; else null. */
  async prayerWith<A extends AlsoRead>(
    viewerId: string,
    id: string,
    also: A,
    tx: DbOrTx = this.db,
  ): Promise<(PrayerAccess & ReadToo<A>) | null> {
    const [row] = await tx
      .select({
        prayer: prayers,
        journalTitle: sql<
          string | null
        >`case when ${journalReadable(viewerId)} then ${journals.title} end`,
        ...also,
      })
      .from(prayers)
      .innerJoin(journals, eq(journals.id, prayers.journalId))
      .where(and(eq(prayers.id, id), prayerReadable(viewerId)))
      .limit(1);
    return (row ?? null) as (PrayerAccess & ReadToo<A>) | null;
  }

  /** @throws AppError NOT_FOUND when the prayer is missing or hidden from the viewer. */
  async readablePrayer(viewerId: string, id: string): Promise<PrayerAccess> {
    const row = await this.prayer(viewerId, id);
    if (!row) throw notFound('Prayer');
    return row;
  }

  /** Only its author changes, shares or deletes a prayer. @throws AppError NOT_FOUND otherwise. */
  async ownPrayer(viewerId: string, id: string, tx?: DbOrTx): Promise<PrayerAccess> {
    const row = await this.prayer(viewerId, id, tx);
    if (!row || row.prayer.authorId !== viewerId) throw notFound('Prayer');
    return row;
  }

  // --- Prayer requests --------------------------------------------------------------------

  private requestQuery<A extends AlsoRead>(
    id: string | Placeholder,
    viewerId: string | Placeholder,
    also: A = {} as A,
    tx: DbOrTx = this.db,
  ) {
    return tx
      .select({ request: prayerRequests, creator: users, ...also })
      .from(prayerRequests)
      .innerJoin(users, eq(users.id, prayerRequests.creatorId))
      .where(and(eq(prayerRequests.id, id), requestReadable(viewerId as string)))
      .limit(1);
  }

  /**
   * A request's lookup starts every read, update and prayer of it, so it is built once and
   * prepared (a named statement on PostgreSQL, like the session lookup). Not inside a
   * transaction: a prepared query stays bound to the handle it was prepared on.
   */
  private preparedRequest?: ReturnType<AccessPolicy['prepareRequest']>;

  private prepareRequest() {
    return this.requestQuery(sql.placeholder('id'), sql.placeholder('viewerId')).prepare(
      'selah_readable_prayer_request',
    );
  }

  /** The request if the viewer may read it, else null. */
  async request(viewerId: string, id: string, tx: DbOrTx = this.db): Promise<RequestAccess | null> {
    if (tx !== this.db) {
      const [row] = await this.requestQuery(id, viewerId, {}, tx);
      return row ?? null;
    }
    this.preparedRequest ??= this.prepareRequest();
    const [row] = await this.preparedRequest.execute({ id, viewerId });
    return row ?? null;
  }

  /** The request if the viewer may read it, with `also` read in the same statement; else null. */
  async requestWith<A extends AlsoRead>(
    viewerId: string,
    id: string,
    also: A,
    tx: DbOrTx = this.db,
  ): Promise<(RequestAccess & ReadToo<A>) | null> {
    const [row] = await this.requestQuery(id, viewerId, also, tx);
    return (row ?? null) as (RequestAccess & ReadToo<A>) | null;
  }

  /** @throws AppError NOT_FOUND when the request is missing or hidden from the viewer. */
  async readableRequest(viewerId: string, id: string, tx?: DbOrTx): Promise<RequestAccess> {
    const row = await this.request(viewerId, id, tx);
    if (!row) throw notFound('Prayer request');
    return row;
  }

  /** Only its creator changes or deletes a request. @throws AppError NOT_FOUND otherwise. */
  async ownRequest(viewerId: string, id: string): Promise<RequestAccess> {
    const row = await this.readableRequest(viewerId, id);
    if (row.request.creatorId !== viewerId) throw notFound('Prayer request');
    return row;
  }

  // --- Prayer groups ----------------------------------------------------------------------

  /** The group if the viewer may see it, else null. */
  async group(viewerId: string, id: string, tx: DbOrTx = this.db): Promise<GroupAccess | null> {
    return this.groupWith(viewerId, id, {}, tx);
  }

  /** The group if the viewer may see it, with `also` read in the same statement; else null. */
  async groupWith<A extends AlsoRead>(
    viewerId: string,
    id: string,
    also: A,
    tx: DbOrTx = this.db,
  ): Promise<(GroupAccess & ReadToo<A>) | null> {
    const [row] = await tx
      .select({ ...groupWithViewerColumns(viewerId), ...also })
      .from(prayerGroups)
      .innerJoin(journals, eq(journals.id, prayerGroups.journalId))
      .where(and(eq(prayerGroups.id, id), groupVisible(viewerId)))
      .limit(1);
    return (row ?? null) as (GroupAccess & ReadToo<A>) | null;
  }

  /** @throws AppError NOT_FOUND when the group is missing or hidden from the viewer. */
  async visibleGroup(viewerId: string, id: string, tx?: DbOrTx): Promise<GroupAccess> {
    const row = await this.group(viewerId, id, tx);
    if (!row) throw notFound('Prayer group');
    return row;
  }

  /**
   * A group's admins rename it, invite, promote and remove members.
   * @throws AppError FORBIDDEN for members who are not admins (they may see the group).
   */
  async adminGroup(viewerId: string, id: string, tx?: DbOrTx): Promise<GroupAccess> {
    const row = await this.visibleGroup(viewerId, id, tx);
    if (row.role !== 'admin') throw new AppError('FORBIDDEN', ONLY_ADMINS_MESSAGE);
    return row;
  }

  /** Joining: a public group, or a private one the viewer was invited to. */
  mayJoinGroup(access: GroupAccess): boolean {
    return access.group.isPublic || access.invited || access.role !== null;
  }

  /**
   * A group's prayers are its journal's public prayers: for those who may read the journal,
   * and, in a private group, are its members too.
   */
  mayReadGroupPrayers(access: GroupAccess): boolean {
    return access.journalReadable && (access.group.isPublic || access.role !== null);
  }

  /** Only the journal's owner decides who may see a group around it. */
  mayChangeGroupVisibility(access: GroupAccess, viewerId: string): boolean {
    return access.journalOwnerId === viewerId;
  }

  /** Admins delete a group; its journal's owner always may, admin or not. */
  mayDeleteGroup(access: GroupAccess, viewerId: string): boolean {
    return access.role === 'admin' || access.journalOwnerId === viewerId;
  }

  /** No admin demotes or removes the group's creator, except the creator. */
  mayChangeMember(access: GroupAccess, viewerId: string, memberId: string): boolean {
    return memberId !== access.group.creatorId || viewerId === access.group.creatorId;
  }
}
