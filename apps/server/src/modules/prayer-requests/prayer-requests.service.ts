import type {
  CreatePrayerRequestInput,
  PrayerRequest,
  PrayerRequestPage,
  UpdatePrayerRequestInput,
} from '@selah/shared/schemas/prayer-requests';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { CREATED_AT_ID, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type { AccessPolicy } from '../access/access.policy.ts';
import type { FriendsService } from '../friends/friends.service.ts';
import { fullName } from '../friends/friends.presenter.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PrayersService } from '../prayers/prayers.service.ts';
import {
  PrayerRequestsRepository,
  RESPONDERS_SHOWN,
  type RequestWithCreator,
  type Responder,
} from './prayer-requests.repository.ts';

export interface PrayerRequestsServiceDeps {
  db: Db;
  access: AccessPolicy;
  friends: FriendsService;
  notifications: NotificationsService;
  /** Praying for a request counts in the prayers module's activity (the streak). */
  prayers: PrayersService;
}

function present(
  row: RequestWithCreator,
  viewerId: string,
  responders: Responder[],
  shares: string[] | undefined,
): PrayerRequest {
  const isMine = row.request.creatorId === viewerId;
  return {
    _id: row.request.id,
    title: row.request.title,
    description: row.request.description,
    category: row.request.category,
    isPrivate: row.request.isPrivate,
    sharedWith: isMine ? (shares ?? []) : [],
    createdAt: row.request.createdAt.toISOString(),
    creator: {
      _id: row.creator.id,
      username: row.creator.username,
      avatar: row.creator.profilePicture,
    },
    respondedUsers: responders
      .filter((r) => r.rank <= RESPONDERS_SHOWN && r.visible)
      .map((r) => ({ _id: r.userId, username: r.username, avatar: r.avatar })),
    prayingCount: responders[0]?.total ?? 0,
    isPraying: responders.some((r) => r.userId === viewerId),
    isMine,
  };
}

/**
 * Prayer requests. A private request is visible to its creator and the friends it is shared
 * with; a public one to the creator's friends. Only the creator changes it.
 */
export class PrayerRequestsService {
  private readonly repo: PrayerRequestsRepository;
  private readonly deps: PrayerRequestsServiceDeps;

  constructor(deps: PrayerRequestsServiceDeps) {
    this.deps = deps;
    this.repo = new PrayerRequestsRepository(deps.db);
  }

  /** The request as the viewer sees it: one statement with its responders and shares (ADR 046). */
  async get(id: string, viewer: UserRow): Promise<PrayerRequest> {
    const row = await this.deps.access.requestWith(viewer.id, id, this.repo.seenWith(viewer.id));
    if (!row) throw notFound('Prayer request');
    return present(row, viewer.id, row.responders, row.shares);
  }

  async list(
    viewer: UserRow,
    query: {
      type: 'myRequests' | 'friendRequests';
      category?: string | undefined;
      searchQuery?: string | undefined;
      cursor?: string | undefined;
      limit: number;
    },
  ): Promise<PrayerRequestPage> {
    const rows = await this.repo.list({
      viewerId: viewer.id,
      type: query.type,
      category: query.category && query.category !== 'all' ? query.category : undefined,
      search: query.searchQuery || undefined,
      after: decodeCursor(query.cursor, CREATED_AT_ID),
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      data: page.map((row) => present(row, viewer.id, row.responders, row.shares)),
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor(CREATED_AT_ID, [last.request.createdAt, last.request.id])
          : null,
    };
  }

  /**
   * Creates a request; `sharedWith` may name only friends and is emptied for public requests.
   * In `tx` when the caller has a transaction open (an idempotent create).
   * @throws AppError BAD_REQUEST 'You can only share with your friends.'
   */
  async create(
    input: CreatePrayerRequestInput,
    viewer: UserRow,
    tx: DbOrTx = this.deps.db,
  ): Promise<PrayerRequest> {
    const isPrivate = input.isPrivate ?? true;
    const sharedWith = isPrivate
      ? await this.deps.friends.assertAllFriends(viewer.id, input.sharedWith ?? [], tx)
      : [];
    const row = await transaction(tx, async (tx) => {
      const row = await this.repo.insert(
        {
          creatorId: viewer.id,
          title: input.title.trim(),
          description: (input.description ?? '').trim(),
          category: input.category ?? 'Personal',
          isPrivate,
        },
        tx,
      );
      await this.repo.replaceShares(row.id, sharedWith, tx);
      await this.deps.notifications.notify(
        sharedWith.map((userId) => ({
          userId,
          actorId: viewer.id,
          type: 'request_shared' as const,
          message: `${fullName(viewer)} shared a prayer request with you: "${row.title}".`,
          link: '/prayer-requests?tab=friendRequests',
        })),
        tx,
      );
      return row;
    });
    // The new request is the row written, by the viewer, shared as asked, prayed for by nobody.
    return present({ request: row, creator: viewer }, viewer.id, [], sharedWith);
  }

  async update(
    id: string,
    input: UpdatePrayerRequestInput,
    viewer: UserRow,
  ): Promise<PrayerRequest> {
    const { request } = await this.deps.access.ownRequest(viewer.id, id);
    const isPrivate = input.isPrivate ?? request.isPrivate;
    const sharedWith =
      input.sharedWith !== undefined || input.isPrivate === false
        ? isPrivate
          ? await this.deps.friends.assertAllFriends(viewer.id, input.sharedWith ?? [])
          : []
        : undefined;
    await transaction(this.deps.db, async (tx) => {
      await this.repo.update(
        id,
        {
          ...(input.title !== undefined ? { title: input.title.trim() } : {}),
          ...(input.description !== undefined ? { description: input.description.trim() } : {}),
          ...(input.category !== undefined ? { category: input.category } : {}),
          isPrivate,
        },
        tx,
      );
      if (sharedWith) {
        const added = await this.repo.replaceShares(id, sharedWith, tx);
        await this.deps.notifications.notify(
          added.map((userId) => ({
            userId,
            actorId: viewer.id,
            type: 'request_shared' as const,
            message: `${fullName(viewer)} shared a prayer request with you: "${input.title ?? request.title}".`,
            link: '/prayer-requests?tab=friendRequests',
          })),
          tx,
        );
      }
    });
    return this.get(id, viewer);
  }

  /**
   * Takes back the shares two people had of each other's requests (they are no longer friends:
   * a later friendship does not bring them back).
   */
  async endSharesBetween(a: string, b: string, tx: Tx): Promise<void> {
    await this.repo.removeSharesBetween(a, b, tx);
  }

  async delete(id: string, viewer: UserRow): Promise<void> {
    await this.deps.access.ownRequest(viewer.id, id);
    await this.repo.delete(id);
  }

  /**
   * Marks the viewer as praying (idempotent); the creator is notified the first time.
   * @throws AppError BAD_REQUEST for one's own request.
   */
  async pray(id: string, viewer: UserRow): Promise<PrayerRequest> {
    const row = await this.deps.access.readableRequest(viewer.id, id);
    const { request } = row;
    if (request.creatorId === viewer.id)
      throw badRequest('You cannot mark your own prayer request.');
    // The response and, when it is new, the activity row and the creator's notification (with
    // its e-mail) commit together; the creator (e-mail, preferences) was read with the request.
    const { added, before } = await transaction(this.deps.db, async (tx) => {
      const response = await this.repo.addResponse(id, viewer.id, tx);
      if (!response.added) return response;
      await this.deps.prayers.logActivity(viewer.id, 'prayed_for_request', tx);
      await this.deps.notifications.notify(
        [
          {
            userId: request.creatorId,
            actorId: viewer.id,
            type: 'request_prayed',
            message: `${fullName(viewer)} is praying for your request "${request.title}".`,
            link: '/prayer-requests',
          },
        ],
        tx,
        [
          {
            id: row.creator.id,
            email: row.creator.email,
            prefs: row.creator.notificationPreferences,
          },
        ],
      );
      return response;
    });
    if (!added) return present(row, viewer.id, before, undefined);
    // The new response is the newest (created now): it ranks last and counts once more.
    const total = (before[0]?.total ?? 0) + 1;
    const responders: Responder[] = [
      ...before.map((r) => ({ ...r, total })),
      {
        requestId: id,
        userId: viewer.id,
        username: viewer.username,
        avatar: viewer.profilePicture,
        rank: total,
        total,
        visible: true,
      },
    ];
    return present(row, viewer.id, responders, undefined);
  }

  async unpray(id: string, viewer: UserRow): Promise<PrayerRequest> {
    await this.deps.access.readableRequest(viewer.id, id);
    await this.repo.removeResponse(id, viewer.id);
    return this.get(id, viewer);
  }

  /**
   * The user prayed these requests (the digest's "I prayed", which recorded the events): their
   * 'once' commitments to them end, as at any first Prayed.
   */
  async endOnceCommitments(userId: string, requestIds: string[], at: Date, tx: DbOrTx) {
    await this.repo.endOnceCommitments(userId, requestIds, at, tx);
  }
}
