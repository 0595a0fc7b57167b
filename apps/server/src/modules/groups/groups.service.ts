import type {
  CreateGroupInput,
  PrayerGroup,
  PrayerGroupDetail,
  UpdateGroupInput,
} from '@selah/shared/schemas/groups';
import type { PrayerPage } from '@selah/shared/schemas/prayers';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import type { FriendsService } from '../friends/friends.service.ts';
import { fullName } from '../friends/friends.presenter.ts';
import type { JournalsService } from '../journals/journals.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PlansService } from '../plans/plans.service.ts';
import type { PrayersService } from '../prayers/prayers.service.ts';
import { GroupsRepository, type GroupWithViewer } from './groups.repository.ts';

const MEMBER_LIMIT = 200;

export interface GroupsServiceDeps {
  db: Db;
  friends: FriendsService;
  journals: JournalsService;
  prayers: PrayersService;
  notifications: NotificationsService;
  /** Creating groups needs Premium or Ministry; no check when absent. */
  plans?: PlansService;
}

function present(row: GroupWithViewer): PrayerGroup {
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
  };
}

/**
 * Prayer groups around one journal. Public groups are open to every signed-in user; private
 * ones to members and invited friends. Admins (the creator and whoever they promote) rename,
 * invite, remove members and delete the group.
 */
export class GroupsService {
  readonly repo: GroupsRepository;
  private readonly deps: GroupsServiceDeps;

  constructor(deps: GroupsServiceDeps) {
    this.deps = deps;
    this.repo = new GroupsRepository(deps.db);
  }

  private async getVisible(id: string, viewer: UserRow): Promise<GroupWithViewer> {
    const row = await this.repo.findVisible(id, viewer.id);
    if (!row) throw notFound('Prayer group');
    return row;
  }

  private async getAdmin(id: string, viewer: UserRow): Promise<GroupWithViewer> {
    const row = await this.getVisible(id, viewer);
    if (row.role !== 'admin') throw new AppError('FORBIDDEN', 'Only group admins can do that.');
    return row;
  }

  async list(
    viewer: UserRow,
    query: { scope: 'all' | 'mine' | 'suggested'; search?: string | undefined; limit: number },
  ): Promise<PrayerGroup[]> {
    return (await this.repo.list(viewer.id, query)).map(present);
  }

  async detail(id: string, viewer: UserRow): Promise<PrayerGroupDetail> {
    const row = await this.getVisible(id, viewer);
    const members = await this.repo.members(id, MEMBER_LIMIT);
    return {
      ...present(row),
      members: members.map((m) => ({
        _id: m.userId,
        username: m.username,
        name: fullName(m),
        avatar: m.avatar,
        role: m.role,
        joinedAt: m.joinedAt.toISOString(),
      })),
    };
  }

  /**
   * Creates a group around one of the creator's journals; the creator is its first admin.
   * @throws AppError FORBIDDEN for a journal the user does not own.
   */
  async create(input: CreateGroupInput, viewer: UserRow): Promise<PrayerGroup> {
    this.deps.plans?.assertFeature(viewer, 'groups');
    const journal = await this.deps.journals
      .getViewable(input.journalId, viewer.id)
      .catch(() => null);
    if (!journal || journal.journal.ownerId !== viewer.id) {
      throw new AppError('FORBIDDEN', 'Please attach one of your own journals.');
    }
    const id = await this.deps.db.transaction(async (tx) => {
      const repo = new GroupsRepository(tx);
      const group = await repo.insert(
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
      await repo.addMember(group.id, viewer.id, 'admin', tx);
      return group.id;
    });
    return present((await this.repo.findVisible(id, viewer.id))!);
  }

  async update(id: string, input: UpdateGroupInput, viewer: UserRow): Promise<PrayerGroup> {
    await this.getAdmin(id, viewer);
    await this.repo.update(id, {
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(input.description !== undefined ? { description: input.description.trim() } : {}),
      ...(input.isPublic !== undefined ? { isPublic: input.isPublic } : {}),
    });
    return present((await this.repo.findVisible(id, viewer.id))!);
  }

  async delete(id: string, viewer: UserRow): Promise<void> {
    await this.getAdmin(id, viewer);
    await this.repo.delete(id);
  }

  /** Joins a public group, or a private one the user was invited to; admins are notified. */
  async join(id: string, viewer: UserRow): Promise<PrayerGroup> {
    const row = await this.getVisible(id, viewer);
    if (!row.group.isPublic && !row.invited && !row.role) throw notFound('Prayer group');
    let announce = () => {};
    await this.deps.db.transaction(async (tx) => {
      const repo = new GroupsRepository(tx);
      if (!(await repo.addMember(id, viewer.id, 'member', tx))) return;
      const admins = await repo.adminIds(id, tx);
      announce = await this.deps.notifications.notify(
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
    announce();
    return present((await this.repo.findVisible(id, viewer.id))!);
  }

  /** Leaves a group. @throws AppError BAD_REQUEST for the last admin of a group with other members. */
  async leave(id: string, viewer: UserRow): Promise<void> {
    const row = await this.getVisible(id, viewer);
    if (!row.role) throw badRequest('You are not a member of this group.');
    await this.deps.db.transaction(async (tx) => {
      const repo = new GroupsRepository(tx);
      if (
        row.role === 'admin' &&
        (await repo.adminCount(id, tx)) === 1 &&
        row.group.memberCount > 1
      ) {
        throw badRequest('Make another member an admin before leaving, or delete the group.');
      }
      await repo.removeMember(id, viewer.id, tx);
    });
  }

  /** Invites friends (of the admin) to the group. */
  async invite(id: string, userIds: string[], viewer: UserRow): Promise<number> {
    const row = await this.getAdmin(id, viewer);
    const friends = await this.deps.friends.assertAllFriends(viewer.id, userIds);
    let announce = () => {};
    const invited = await this.deps.db.transaction(async (tx) => {
      const added = await new GroupsRepository(tx).invite(id, friends, viewer.id, tx);
      announce = await this.deps.notifications.notify(
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
    announce();
    return invited;
  }

  async removeMember(id: string, userId: string, viewer: UserRow): Promise<void> {
    await this.getAdmin(id, viewer);
    if (userId === viewer.id) throw badRequest('To leave the group, use Leave.');
    if (!(await this.repo.removeMember(id, userId))) throw notFound('Member');
  }

  async setRole(
    id: string,
    userId: string,
    role: 'admin' | 'member',
    viewer: UserRow,
  ): Promise<void> {
    await this.getAdmin(id, viewer);
    if (userId === viewer.id && role === 'member' && (await this.repo.adminCount(id)) === 1) {
      throw badRequest('A group needs at least one admin.');
    }
    if (!(await this.repo.setRole(id, userId, role))) throw notFound('Member');
  }

  /** The attached journal's public prayers, for the group's members (and anyone, for public groups). */
  async prayers(
    id: string,
    viewer: UserRow,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<PrayerPage> {
    const row = await this.getVisible(id, viewer);
    if (!row.group.isPublic && !row.role) throw notFound('Prayer group');
    return this.deps.prayers.listPublicOfJournal(row.group.journalId, query);
  }
}
