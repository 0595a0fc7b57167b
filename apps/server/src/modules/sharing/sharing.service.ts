import type { PublicUser } from '@selah/shared/schemas/friends';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { badRequest, forbidden } from '../../lib/app-error.ts';
import type { AccessPolicy } from '../access/access.policy.ts';
import type { Friendships } from '../friends/friendships.ts';
import { fullName, presentPublicUser } from '../friends/friends.presenter.ts';
import type { JournalsService } from '../journals/journals.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PrayersService } from '../prayers/prayers.service.ts';

export interface SharingServiceDeps {
  db: Db;
  access: AccessPolicy;
  friends: Friendships;
  journals: JournalsService;
  prayers: PrayersService;
  notifications: NotificationsService;
}

/**
 * Sharing journals and prayers with friends, and taking shares back: notifications plus the read
 * access they need. Sharing a private journal makes the friends members (a membership "via
 * share"); sharing a public prayer lets them read it even in a private journal. Either ends when
 * the owner takes it back or the friendship ends (docs/decisions/037).
 */
export class SharingService {
  private readonly deps: SharingServiceDeps;

  constructor(deps: SharingServiceDeps) {
    this.deps = deps;
  }

  /**
   * Shares a journal with friends. A private journal can be shared only by its owner and makes
   * the friends members (read access); a public one can be shared by anyone who can read it.
   * In `tx` when the caller has a transaction open (an idempotent create).
   */
  async shareJournal(
    id: string,
    userIds: string[],
    viewer: UserRow,
    tx: DbOrTx = this.deps.db,
  ): Promise<number> {
    const row = await this.deps.access.readableJournal(viewer.id, id, tx);
    if (!this.deps.access.mayShareJournal(row, viewer.id))
      throw forbidden('Only the owner can share a private journal.');
    const friends = (await this.deps.friends.assertAllFriends(viewer.id, userIds, tx)).filter(
      (f) => f !== row.journal.ownerId,
    );
    await this.deps.friends.assertAcceptJournalInvites(friends, tx);
    await transaction(tx, async (tx) => {
      if (this.deps.access.shareMakesMembers(row))
        await this.deps.journals.addMembersByShare(id, friends, tx);
      await this.deps.notifications.notify(
        friends.map((userId) => ({
          userId,
          actorId: viewer.id,
          type: 'journal_shared' as const,
          message: `${fullName(viewer)} shared the journal "${row.journal.title}" with you.`,
          link: `/journal/${id}`,
        })),
        tx,
      );
    });
    return friends.length;
  }

  /**
   * Shares one of the user's public prayers with friends; they may then read that prayer even
   * when its journal is private. Private prayers stay with their author. In `tx` when the caller
   * has a transaction open (an idempotent create).
   */
  async sharePrayer(
    id: string,
    userIds: string[],
    viewer: UserRow,
    tx: DbOrTx = this.deps.db,
  ): Promise<number> {
    const { prayer } = await this.deps.access.ownPrayer(viewer.id, id, tx);
    if (!this.deps.access.maySharePrayer(prayer)) {
      throw badRequest('This prayer is private. Make it public before sharing it.');
    }
    const friends = await this.deps.friends.assertAllFriends(viewer.id, userIds, tx);
    await transaction(tx, async (tx) => {
      await this.deps.prayers.addShares(id, friends, tx);
      await this.deps.notifications.notify(
        friends.map((userId) => ({
          userId,
          actorId: viewer.id,
          type: 'prayer_shared' as const,
          message: `${fullName(viewer)} shared the prayer "${prayer.title}" with you.`,
          link: `/prayer/${id}`,
        })),
        tx,
      );
    });
    return friends.length;
  }

  /** Who the owner shared a private journal with. @throws AppError NOT_FOUND unless theirs. */
  async journalShares(id: string, viewer: UserRow): Promise<PublicUser[]> {
    return (await this.deps.journals.shares(id, viewer)).map(presentPublicUser);
  }

  /** Takes back a journal's share with one person. @throws AppError NOT_FOUND if there is none. */
  async unshareJournal(id: string, userId: string, viewer: UserRow): Promise<void> {
    await this.deps.journals.unshare(id, userId, viewer);
  }

  /** Who the author shared a prayer with. @throws AppError NOT_FOUND unless theirs. */
  async prayerShares(id: string, viewer: UserRow): Promise<PublicUser[]> {
    return (await this.deps.prayers.shares(id, viewer)).map(presentPublicUser);
  }

  /** Takes back a prayer's share with one person. @throws AppError NOT_FOUND if there is none. */
  async unsharePrayer(id: string, userId: string, viewer: UserRow): Promise<void> {
    await this.deps.prayers.unshare(id, userId, viewer);
  }
}
