import type { PrayerEvent } from '@selah/shared/schemas/practice';
import type {
  CommitmentCadence,
  CreatePrayerRequestInput,
  PrayerRequest,
  PrayerRequestPage,
  PrayerRequestUpdate,
  PrayerRequestUpdatePage,
  UpdatePrayerRequestInput,
} from '@selah/shared/schemas/prayer-requests';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { CREATED_AT_ID, cursorPage, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type { AccessPolicy } from '../access/access.policy.ts';
import type { Friendships } from '../friends/friendships.ts';
import { fullName } from '../friends/friends.presenter.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { presentPrayerEvent } from '../practice/practice.presenter.ts';
import type { PracticeService, RecordPrayed } from '../practice/practice.service.ts';
import type { PrayersService } from '../prayers/prayers.service.ts';
import {
  PrayerRequestsRepository,
  RESPONDERS_SHOWN,
  type RequestWithCreator,
  type SeenWith,
} from './prayer-requests.repository.ts';

export const ANSWERED_MESSAGE = 'This prayer request has already been answered.';

export interface PrayerRequestsServiceDeps {
  db: Db;
  access: AccessPolicy;
  friends: Friendships;
  notifications: NotificationsService;
  /** Praying for a request counts in the prayers module's activity (the streak). */
  prayers: PrayersService;
  /** Every Prayed on a request is recorded by the practice, which keeps commitments' schedule. */
  practice: PracticeService;
  now: () => Date;
}

const NOT_SEEN: SeenWith = {
  responders: [],
  shares: [],
  commitment: null,
  prayedThisWeek: 0,
  latestUpdate: null,
  updatesCount: 0,
};

const presentUpdate = (u: { id: string; text: string; createdAt: Date }): PrayerRequestUpdate => ({
  id: u.id,
  text: u.text,
  createdAt: u.createdAt.toISOString(),
});

function present(row: RequestWithCreator, viewerId: string, seen: SeenWith): PrayerRequest {
  const { responders, shares } = seen;
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
      name: fullName(row.creator),
      avatar: row.creator.profilePicture,
    },
    respondedUsers: responders
      .filter((r) => r.rank <= RESPONDERS_SHOWN && r.visible)
      .map((r) => ({ _id: r.userId, username: r.username, name: r.name, avatar: r.avatar })),
    prayingCount: responders[0]?.total ?? 0,
    isPraying: seen.commitment?.running ?? false,
    isMine,
    status: row.request.status,
    answeredAt: row.request.answeredAt?.toISOString() ?? null,
    testimony: row.request.testimony,
    prayedThisWeek: seen.prayedThisWeek,
    commitment: seen.commitment,
    latestUpdate: seen.latestUpdate && presentUpdate(seen.latestUpdate),
    updatesCount: seen.updatesCount,
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
    const row = await this.deps.access.requestWith(
      viewer.id,
      id,
      this.repo.seenWith(viewer.id, this.at(viewer)),
    );
    if (!row) throw notFound('Prayer request');
    return present(row, viewer.id, row);
  }

  /** The moment a read is for: now, and the viewer's local date. */
  private at(viewer: UserRow): { now: Date; viewerToday: string } {
    return { now: this.deps.now(), viewerToday: this.deps.practice.today(viewer) };
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
      at: this.at(viewer),
    });
    return cursorPage(
      rows,
      query.limit,
      (row) => present(row, viewer.id, row),
      (last) => encodeCursor(CREATED_AT_ID, [last.request.createdAt, last.request.id]),
    );
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
    return present({ request: row, creator: viewer }, viewer.id, {
      ...NOT_SEEN,
      shares: sharedWith,
    });
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

  /**
   * Deletes the commitments between the user and others, both ways: theirs to others' requests
   * and others' to theirs (an account taken back: docs/decisions/055). Prayed events stay in
   * each one's own log.
   */
  async endTiesOf(userId: string, tx: Tx): Promise<void> {
    await this.repo.deleteCommitmentsOf(userId, tx);
  }

  /** Deletes the request; its commitments, updates and events go with it (no one is told). */
  async delete(id: string, viewer: UserRow): Promise<void> {
    await this.deps.access.ownRequest(viewer.id, id);
    await this.repo.delete(id);
  }

  /**
   * Commits the viewer to pray for a friend's request ("I'm Praying", issue 20 §3): once (until
   * their first Prayed), daily for 7 days (today and the 6 days after, their local dates) or
   * until answered. Committing again changes the cadence and reopens it; the creator is
   * notified the first time only.
   * @throws AppError BAD_REQUEST for one's own request or an answered one.
   */
  async pray(
    id: string,
    viewer: UserRow,
    cadence: CommitmentCadence = 'once',
  ): Promise<PrayerRequest> {
    const row = await this.deps.access.readableRequest(viewer.id, id);
    const { request } = row;
    if (request.creatorId === viewer.id)
      throw badRequest('You cannot mark your own prayer request.');
    const endsOn = this.deps.practice.commitmentEndsOn(cadence, viewer);
    // The commitment and, when it is new, the activity row and the creator's notification (with
    // its e-mail) commit together; the creator (e-mail, preferences) was read with the request.
    // The request stays pending until they have (an answer at the same moment waits, and ends
    // this commitment too), or the answer came first.
    await transaction(this.deps.db, async (tx) => {
      if (!(await this.repo.lockPending(id, tx))) throw badRequest(ANSWERED_MESSAGE);
      const { added } = await this.repo.commit(id, viewer.id, { cadence, endsOn }, tx);
      if (!added) return;
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
    });
    return this.get(id, viewer);
  }

  /** Ends the viewer's commitment today ("stop praying"); the row stays, ended. */
  async unpray(id: string, viewer: UserRow): Promise<PrayerRequest> {
    await this.deps.access.readableRequest(viewer.id, id);
    await this.repo.endCommitments(id, { userId: viewer.id, at: this.deps.now() });
    return this.get(id, viewer);
  }

  /**
   * Records a Prayed on a request the viewer may read (its creator too), today or up to 7 days
   * back; a 'once' commitment of the viewer's ends with it, in the same transaction. The same
   * Prayed again within a minute answers with the first (`PracticeService.record`).
   * @throws AppError BAD_REQUEST for an answered request or a day out of range.
   */
  async prayed(id: string, viewer: UserRow, input: RecordPrayed = {}): Promise<PrayerEvent> {
    const { request } = await this.deps.access.readableRequest(viewer.id, id);
    if (request.status === 'answered') throw badRequest(ANSWERED_MESSAGE);
    const event = await transaction(this.deps.db, async (tx) => {
      const event = await this.deps.practice.record(
        viewer,
        { requestId: id },
        { day: input.day, source: input.source },
        tx,
      );
      // A repeat (a double tap) was the first one's: that one ended the commitment.
      if (!event.repeat)
        await this.deps.practice.endOnceCommitments(viewer.id, id, event.occurredAt, tx);
      return event;
    });
    return presentPrayerEvent(event);
  }

  /**
   * Its creator marks the request answered with a testimony: every commitment ends, and everyone
   * who committed to it (running or ended) and may still read it hears the answer, in the same
   * transaction. A testimony is the fruit of every prayer prayed, not only of the running ones.
   * @throws AppError NOT_FOUND for anyone but the creator; BAD_REQUEST when already answered.
   */
  async answer(id: string, testimony: string, viewer: UserRow): Promise<PrayerRequest> {
    const { request } = await this.deps.access.ownRequest(viewer.id, id);
    const now = this.deps.now();
    await transaction(this.deps.db, async (tx) => {
      // Only the call that changes the status tells anyone: answers sent at once answer once.
      if (!(await this.repo.markAnswered(id, { answeredAt: now, testimony: testimony.trim() }, tx)))
        throw badRequest(ANSWERED_MESSAGE);
      const told = await this.repo.committers(id, { runningAt: null }, tx);
      await this.repo.endCommitments(id, { userId: null, at: now }, tx);
      await this.deps.notifications.notify(
        told.map((userId) => ({
          userId,
          actorId: viewer.id,
          type: 'request_answered' as const,
          message: `${fullName(viewer)}'s request "${request.title}" was answered: ${testimony.trim()}`,
          link: '/prayer-requests?tab=friendRequests',
        })),
        tx,
      );
    });
    return this.get(id, viewer);
  }

  /**
   * Its creator posts an update on a pending request; everyone whose commitment runs (and who
   * may still read it) is notified.
   * @throws AppError NOT_FOUND for anyone but the creator; BAD_REQUEST when answered.
   */
  async postUpdate(id: string, text: string, viewer: UserRow): Promise<PrayerRequestUpdate> {
    const { request } = await this.deps.access.ownRequest(viewer.id, id);
    const update = await transaction(this.deps.db, async (tx) => {
      if (!(await this.repo.lockPending(id, tx))) throw badRequest(ANSWERED_MESSAGE);
      const update = await this.repo.insertUpdate(id, text.trim(), tx);
      const told = await this.repo.committers(id, { runningAt: this.deps.now() }, tx);
      await this.deps.notifications.notify(
        told.map((userId) => ({
          userId,
          actorId: viewer.id,
          type: 'request_updated' as const,
          message: `${fullName(viewer)} posted an update on "${request.title}": ${update.text}`,
          link: '/prayer-requests?tab=friendRequests',
        })),
        tx,
      );
      return update;
    });
    return presentUpdate(update);
  }

  /** A page of the request's updates, newest first, for whoever may read it (one statement). */
  async updates(
    id: string,
    viewer: UserRow,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<PrayerRequestUpdatePage> {
    const row = await this.deps.access.requestWith(viewer.id, id, {
      updates: this.repo.updatesPage(decodeCursor(query.cursor, CREATED_AT_ID), query.limit + 1),
    });
    if (!row) throw notFound('Prayer request');
    return cursorPage(row.updates, query.limit, presentUpdate, (last) =>
      encodeCursor(CREATED_AT_ID, [last.createdAt, last.id]),
    );
  }

  // --- The user's data: the account's export, Clear Data and deletion ask each module ------

  /** For the account's export: the user's requests, their updates and the user's commitments. */
  async exportOf(userId: string) {
    const [prayerRequests, commitments, prayerRequestUpdates] = await Promise.all([
      this.repo.createdBy(userId),
      this.repo.commitmentsBy(userId),
      this.repo.updatesOfCreator(userId),
    ]);
    return { prayerRequests, commitments, prayerRequestUpdates };
  }

  /** Clear Data: the requests the user made go (their commitments and updates with them). */
  async clearOf(userId: string, tx: DbOrTx): Promise<void> {
    await this.repo.deleteCreatedBy(userId, tx);
  }
}
