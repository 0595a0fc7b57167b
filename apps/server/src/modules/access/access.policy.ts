import { and, eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  type GroupRole,
  type JournalRow,
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
  profileVisible,
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

  /** The journal if the viewer may read it, else null. */
  async journal(viewerId: string, id: string, tx: DbOrTx = this.db): Promise<JournalAccess | null> {
    const [row] = await tx
      .select(journalWithViewerColumns(viewerId))
      .from(journals)
      .where(and(eq(journals.id, id), journalReadable(viewerId)))
      .limit(1);
    return row ?? null;
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
    const [row] = await tx
      .select({
        prayer: prayers,
        journalTitle: sql<
          string | null
        >`case when ${journalReadable(viewerId)} then ${journals.title} end`,
      })
      .from(prayers)
      .innerJoin(journals, eq(journals.id, prayers.journalId))
      .where(and(eq(prayers.id, id), prayerReadable(viewerId)))
      .limit(1);
    return row ?? null;
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

  private requestQuery(
    id: string | Placeholder,
    viewerId: string | Placeholder,
    tx: DbOrTx = this.db,
  ) {
    return tx
      .select({ request: prayerRequests, creator: users })
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
      const [row] = await this.requestQuery(id, viewerId, tx);
      return row ?? null;
    }
    this.preparedRequest ??= this.prepareRequest();
    const [row] = await this.preparedRequest.execute({ id, viewerId });
    return row ?? null;
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
    const [row] = await tx
      .select(groupWithViewerColumns(viewerId))
      .from(prayerGroups)
      .innerJoin(journals, eq(journals.id, prayerGroups.journalId))
      .where(and(eq(prayerGroups.id, id), groupVisible(viewerId)))
      .limit(1);
    return row ?? null;
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

  // --- People -----------------------------------------------------------------------------

  /** Which of `ids` the viewer may see (name, username, photo): the rule of `profileVisible`. */
  async visiblePeople(viewerId: string, ids: readonly string[]): Promise<Set<string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Set();
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, unique), profileVisible(viewerId)));
    return new Set(rows.map((r) => r.id));
  }

  async maySeeProfile(viewerId: string, personId: string): Promise<boolean> {
    return (await this.visiblePeople(viewerId, [personId])).has(personId);
  }

  // --- Links ------------------------------------------------------------------------------

  /**
   * Which of these in-app links (notifications' links) still lead somewhere the viewer may go: a
   * link to a journal, a prayer or a group only while that record is visible to them (taken back
   * since: not); any other link always. One query per kind of record linked, none without any.
   */
  async openableLinks(viewerId: string, links: readonly (string | null)[]): Promise<Set<string>> {
    const open = new Set<string>();
    const byKind = new Map<RecordKind, Map<string, string>>();
    for (const link of new Set(links)) {
      if (link === null) continue;
      const target = RECORD_LINK.exec(link);
      if (!target) {
        open.add(link);
        continue;
      }
      const kind = target[1] as RecordKind;
      const ids = byKind.get(kind) ?? new Map<string, string>();
      ids.set(target[2]!.toLowerCase(), link);
      byKind.set(kind, ids);
    }
    await Promise.all(
      [...byKind].map(async ([kind, ids]) => {
        for (const id of await this.visibleIds(viewerId, kind, [...ids.keys()]))
          open.add(ids.get(id)!);
      }),
    );
    return open;
  }

  /** Of these ids of one kind of record, those the viewer may see. */
  private async visibleIds(viewerId: string, kind: RecordKind, ids: string[]): Promise<string[]> {
    const rows =
      kind === 'journal'
        ? await this.db
            .select({ id: journals.id })
            .from(journals)
            .where(and(inArray(journals.id, ids), journalReadable(viewerId)))
        : kind === 'prayer'
          ? await this.db
              .select({ id: prayers.id })
              .from(prayers)
              .where(and(inArray(prayers.id, ids), prayerReadable(viewerId)))
          : await this.db
              .select({ id: prayerGroups.id })
              .from(prayerGroups)
              .where(and(inArray(prayerGroups.id, ids), groupVisible(viewerId)));
    return rows.map((r) => r.id);
  }
}

type RecordKind = 'journal' | 'prayer' | 'prayer-groups';

/** An in-app link to one record: /journal/{id}, /prayer/{id}, /prayer-groups/{id}. */
const RECORD_LINK =
  /^\/(journal|prayer|prayer-groups)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
