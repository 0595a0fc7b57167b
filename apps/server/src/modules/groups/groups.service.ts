import type {
  CreateGroupInput,
  PrayerGroup,
  PrayerGroupDetail,
  UpdateGroupInput,
} from '@selah/shared/schemas/groups';
import type { PrayerPage } from '@selah/shared/schemas/prayers';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { prayerGroups, type UserRow } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { CREATED_AT_ID, cursorPage, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { type AccessPolicy, ONLY_ADMINS_MESSAGE } from '../access/access.policy.ts';
import type { Friendships } from '../friends/friendships.ts';
import { fullName } from '../friends/friends.presenter.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PlansService } from '../billing/plans.service.ts';
import type { PrayersService } from '../prayers/prayers.service.ts';
import {
  type GroupListScope,
  GroupsRepository,
  type GroupWithViewer,
} from './groups.repository.ts';

const MEMBER_LIMIT = 200;
/** The suggested list pages by (member count, id); the others by (created at, id). */
const MEMBERS_ID = ['integer', 'uuid'] as const;

export interface GroupsServiceDeps {
  db: Db;
  access: AccessPolicy;
  friends: Friendships;
  prayers: PrayersService;
  notifications: NotificationsService;
  /** Creating groups needs Premium or Ministry. */
  plans: PlansService;
}

function present(row: GroupWithViewer, viewerId: string): PrayerGroup {
  const { group } = row;
  return {
    _id: group.id,
    name: group.name,
    description: group.description,
    isPublic: group.isPublic,
    journalId: group.journalId,
    journalTitle: row.journalTitle,
    creator: group.creatorId,
    memberCount: group.memberCount,
    createdAt: group.createdAt.toISOString(),
    membership: row.role ?? (row.invited ? 'invited' : 'none'),
    userIsAdmin: row.role === 'admin',
    userOwnsJournal: row.journalOwnerId === viewerId,
  };
}

const ONLY_JOURNAL_OWNER = "Only the journal's owner can change who can see this group.";
const CREATOR_PROTECTED = "Only the group's creator can change their own role or membership.";

/**
 * Prayer groups around one journal. Who may see a group, read its journal's prayers or manage
 * it is the access policy's (docs/decisions/036); this service applies it and keeps the rules of
 * membership: public groups are open to every signed-in user, private ones to invited friends.
 */
export class GroupsService {
  private readonly repo: GroupsRepository;
  private readonly deps: GroupsServiceDeps;

  constructor(deps: GroupsServiceDeps) {
    this.deps = deps;
    this.repo = new GroupsRepository(deps.db);
  }

  async list(
    viewer: UserRow,
    query: {
      scope: GroupListScope;
      search?: string | undefined;
      cursor?: string | undefined;
      limit: number;
    },
  ): Promise<{ data: PrayerGroup[]; nextCursor: string | null }> {
    const suggested = query.scope === 'suggested';
    const after = suggested
      ? decodeCursor(query.cursor, MEMBERS_ID)
      : decodeCursor(query.cursor, CREATED_AT_ID);
    const rows = await this.repo.list(viewer.id, {
      scope: query.scope,
      search: query.search,
      after,
      limit: query.limit + 1,
    });
    return cursorPage(
      rows,
      query.limit,
      (row) => present(row, viewer.id),
      (last) =>
        suggested
          ? encodeCursor(MEMBERS_ID, [last.group.memberCount, last.group.id])
          : encodeCursor(CREATED_AT_ID, [last.group.createdAt, last.group.id]),
    );
  }

  async detail(id: string, viewer: UserRow): Promise<PrayerGroupDetail> {
    // The access check, the members and (for admins) the invitations: one statement (ADR 046).
    const row = await this.deps.access.groupWith(viewer.id, id, {
      members: this.repo.members(id, viewer.id, MEMBER_LIMIT),
      invitations: this.repo.invitations(id, viewer.id, MEMBER_LIMIT),
    });
    if (!row) throw notFound('Prayer group');
    const { members, invitations } = row;
    return {
      ...present(row, viewer.id),
      members: members.map((m) => ({
        _id: m.userId,
        username: m.username,
        name: fullName(m),
        avatar: m.avatar,
        role: m.role,
        joinedAt: m.joinedAt.toISOString(),
      })),
      invitations: invitations.map((i) => ({
        _id: i.userId,
        username: i.username,
        name: fullName(i),
        avatar: i.avatar,
        invitedAt: i.invitedAt.toISOString(),
      })),
    };
  }

  /**
   * Creates a group around one of the creator's journals; the creator is its first admin.
   * @throws AppError FORBIDDEN for a journal the user does not own.
   */
  async create(
    input: CreateGroupInput,
    viewer: UserRow,
    tx: DbOrTx = this.deps.db,
  ): Promise<PrayerGroup> {
    this.deps.plans.assertFeature(viewer, 'groups');
    const journal = await this.deps.access.journal(viewer.id, input.journalId, tx);
    if (!journal || !this.deps.access.ownsJournal(journal, viewer.id)) {
      throw new AppError('FORBIDDEN', 'Please attach one of your own journals.');
    }
    return transaction(tx, async (tx) => {
      const group = await this.repo.insert(
        {
          name: input.name.trim(),
          description: input.description.trim(),
          isPublic: input.isPublic ?? true,
          journalId: input.journalId,
          creatorId: viewer.id,
          memberCount: 0,
        },
        tx,
      );
      await this.repo.addMember(group.id, viewer.id, 'admin', tx);
      return present(await this.deps.access.visibleGroup(viewer.id, group.id, tx), viewer.id);
    });
  }

  /**
   * Renames or re-describes a group (admins); only the journal's owner changes its visibility.
   * @throws AppError FORBIDDEN for non-admins, and for a visibility change by anyone else.
   */
  async update(id: string, input: UpdateGroupInput, viewer: UserRow): Promise<PrayerGroup> {
    const access = this.deps.access;
    const row = await access.visibleGroup(viewer.id, id);
    const changesVisibility = input.isPublic !== undefined && input.isPublic !== row.group.isPublic;
    if (changesVisibility && !access.mayChangeGroupVisibility(row, viewer.id))
      throw new AppError('FORBIDDEN', ONLY_JOURNAL_OWNER);
    const changesText = input.name !== undefined || input.description !== undefined;
    if (row.role !== 'admin' && (changesText || !changesVisibility))
      throw new AppError('FORBIDDEN', ONLY_ADMINS_MESSAGE);
    await this.repo.update(id, {
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(input.description !== undefined ? { description: input.description.trim() } : {}),
      ...(changesVisibility ? { isPublic: input.isPublic } : {}),
    });
    return present(await access.visibleGroup(viewer.id, id), viewer.id);
  }

  /** Admins delete a group, and so may its journal's owner at any time. */
  async delete(id: string, viewer: UserRow): Promise<void> {
    const row = await this.deps.access.visibleGroup(viewer.id, id);
    if (!this.deps.access.mayDeleteGroup(row, viewer.id))
      throw new AppError('FORBIDDEN', ONLY_ADMINS_MESSAGE);
    await this.repo.delete(id);
  }

  /** Joins a public group, or a private one the user was invited to; admins are notified. */
  async join(id: string, viewer: UserRow): Promise<PrayerGroup> {
    const row = await this.deps.access.visibleGroup(viewer.id, id);
    if (!this.deps.access.mayJoinGroup(row)) throw notFound('Prayer group');
    await transaction(this.deps.db, async (tx) => {
      if (!(await this.repo.addMember(id, viewer.id, 'member', tx))) return;
      const admins = await this.repo.adminIds(id, tx);
      await this.deps.notifications.notify(
        admins.map((userId) => ({
          userId,
          actorId: viewer.id,
          type: 'group_joined' as const,
          message: `${fullName(viewer)} joined your prayer group "${row.group.name}".`,
          link: `/prayer-groups/${id}`,
        })),
        tx,
      );
    });
    return present(await this.deps.access.visibleGroup(viewer.id, id), viewer.id);
  }

  /**
   * Leaves a group. Its row is locked first, so leaving, stepping down and removals are decided
   * one at a time on the roles as they are (two last admins leaving at once: one leaves).
   * @throws AppError BAD_REQUEST for the last admin of a group with other members.
   */
  async leave(id: string, viewer: UserRow): Promise<void> {
    await transaction(this.deps.db, async (tx) => {
      await this.repo.lock(id, tx);
      const row = await this.deps.access.visibleGroup(viewer.id, id, tx);
      if (!row.role) throw badRequest('You are not a member of this group.');
      if (
        row.role === 'admin' &&
        (await this.repo.adminCount(id, tx)) === 1 &&
        row.group.memberCount > 1
      ) {
        throw badRequest('Make another member an admin before leaving, or delete the group.');
      }
      await this.repo.removeMember(id, viewer.id, tx);
    });
  }

  /**
   * Invites friends (of the admin) to the group; in `tx` when the caller has a transaction open
   * (an idempotent create).
   */
  async invite(
    id: string,
    userIds: string[],
    viewer: UserRow,
    tx: DbOrTx = this.deps.db,
  ): Promise<number> {
    const row = await this.deps.access.adminGroup(viewer.id, id, tx);
    const friends = await this.deps.friends.assertAllFriends(viewer.id, userIds, tx);
    return transaction(tx, async (tx) => {
      const added = await this.repo.invite(id, friends, viewer.id, tx);
      await this.deps.notifications.notify(
        added.map((userId) => ({
          userId,
          actorId: viewer.id,
          type: 'group_invite' as const,
          message: `${fullName(viewer)} invited you to the prayer group "${row.group.name}".`,
          link: `/prayer-groups/${id}`,
        })),
        tx,
      );
      return added.length;
    });
  }

  /** An admin removes a member (the group's row locked, as in `leave`). */
  async removeMember(id: string, userId: string, viewer: UserRow): Promise<void> {
    await transaction(this.deps.db, async (tx) => {
      await this.repo.lock(id, tx);
      const row = await this.deps.access.adminGroup(viewer.id, id, tx);
      if (userId === viewer.id) throw badRequest('To leave the group, use Leave.');
      if (!this.deps.access.mayChangeMember(row, viewer.id, userId))
        throw new AppError('FORBIDDEN', CREATOR_PROTECTED);
      if (!(await this.repo.removeMember(id, userId, tx))) throw notFound('Member');
    });
  }

  /** An admin makes a member an admin, or an admin a member (the group's row locked). */
  async setRole(
    id: string,
    userId: string,
    role: 'admin' | 'member',
    viewer: UserRow,
  ): Promise<void> {
    await transaction(this.deps.db, async (tx) => {
      await this.repo.lock(id, tx);
      const row = await this.deps.access.adminGroup(viewer.id, id, tx);
      if (!this.deps.access.mayChangeMember(row, viewer.id, userId))
        throw new AppError('FORBIDDEN', CREATOR_PROTECTED);
      if (userId === viewer.id && role === 'member' && (await this.repo.adminCount(id, tx)) === 1) {
        throw badRequest('A group needs at least one admin.');
      }
      if (!(await this.repo.setRole(id, userId, role, tx))) throw notFound('Member');
    });
  }

  /**
   * The attached journal's public prayers, for those the access policy lets read them: people
   * who may read the journal, and in a private group only its members.
   */
  async prayers(
    id: string,
    viewer: UserRow,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<PrayerPage> {
    // The access check and the page: one statement (ADR 046).
    const row = await this.deps.access.groupWith(viewer.id, id, {
      page: this.deps.prayers.publicPageOfJournal(prayerGroups.journalId, query, viewer),
    });
    if (!row || !this.deps.access.mayReadGroupPrayers(row)) throw notFound('Prayer group');
    return this.deps.prayers.pageOf(row.page, query.limit, viewer.id);
  }

  /**
   * Ends the user's ties to groups, in `tx` (an account taken back: docs/decisions/055): the
   * groups around their journals are deleted, they leave every other group (one they were the
   * last admin of gets its longest-standing member as admin), and invitations to them or from
   * them are withdrawn.
   */
  async endTiesOf(userId: string, tx: Tx): Promise<void> {
    await this.repo.removeTiesOf(userId, tx);
  }

  /** Withdraws the invitations two people sent each other (they are no longer friends). */
  async endSharesBetween(a: string, b: string, tx: Tx): Promise<void> {
    await this.repo.removeInvitesBetween(a, b, tx);
  }

  // --- The user's data: the account's export, Clear Data and deletion ask each module ------

  /** For the account's export: the groups the user is in. */
  async exportOf(userId: string) {
    return { prayerGroups: await this.repo.membershipsOf(userId) };
  }

  /** Before the account goes: the groups the user joined keep their member counts right. */
  async deleteAccountOf(userId: string, tx: DbOrTx): Promise<void> {
    await this.repo.uncountMember(userId, tx);
  }
}
