import type { Friend, FriendRequest, UserSearchResult } from '@selah/shared/schemas/friends';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import { randomToken } from '../../lib/secure-token.ts';
import { friendInviteMail } from '../mail/mail-templates.ts';
import type { MailWorker } from '../mail/mail.worker.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { normaliseEmail, type UsersService } from '../users/users.service.ts';
import { FriendsRepository } from './friends.repository.ts';
import {
  fullName,
  presentFriend,
  presentFriendRequest,
  presentSearchResult,
} from './friends.presenter.ts';

const FRIEND_LIST_LIMIT = 1000;
const SEARCH_LIMIT = 20;
const SUGGESTION_LIMIT = 10;

/**
 * A module holding something a friendship shared (a journal membership, a shared prayer or
 * request, a group invitation): it ends that when the friendship ends.
 */
export interface SharedBetweenFriends {
  /** Ends, in the friendship's own transaction, what `a` and `b` shared here as friends. */
  endSharesBetween(a: string, b: string, tx: Tx): Promise<void>;
}

export interface FriendsServiceDeps {
  db: Db;
  mail: MailWorker;
  notifications: NotificationsService;
  users: UsersService;
  appOrigin: string;
  /** Friend requests and invitations: 30 per hour per user. */
  limiter: Limiter;
  /** Every module holding what a friendship shared: ending a friendship ends it there too. */
  sharedBetweenFriends: readonly SharedBetweenFriends[];
}

/** Friends: requests, acceptance, removal, search, suggestions and invitations. */
export class FriendsService {
  private readonly repo: FriendsRepository;
  private readonly deps: FriendsServiceDeps;

  constructor(deps: FriendsServiceDeps) {
    this.deps = deps;
    this.repo = new FriendsRepository(deps.db);
  }

  async list(user: UserRow): Promise<Friend[]> {
    return (await this.repo.listFriends(user.id, FRIEND_LIST_LIMIT)).map(presentFriend);
  }

  async requests(user: UserRow, direction: 'incoming' | 'outgoing'): Promise<FriendRequest[]> {
    return (await this.repo.requests(user.id, direction, 200)).map(presentFriendRequest);
  }

  /**
   * Sends a friend request; when the other person already asked, it accepts theirs instead. In
   * `tx` when the caller has a transaction open (an idempotent create).
   * @throws AppError for yourself (400), an unknown user (404), friends or a pending request (409).
   */
  async sendRequest(
    user: UserRow,
    recipientId: string,
    tx: DbOrTx = this.deps.db,
  ): Promise<{ status: 'sent' | 'accepted' }> {
    if (recipientId === user.id) throw badRequest("You can't send a friend request to yourself.");
    await this.deps.limiter.consume(
      user.id,
      'You have sent many friend requests. Please try again later.',
    );
    const recipient = await this.deps.users.findById(recipientId, tx);
    if (!recipient) throw notFound('User');
    await this.assertAcceptsRequestsFrom(recipient, user, tx);
    if (await this.repo.areFriends(user.id, recipientId, tx))
      throw conflict('You are already friends.');
    const pending = await this.repo.pendingBetween(user.id, recipientId, tx);
    if (pending?.requesterId === recipientId) {
      await this.accept(user, pending.id, tx);
      return { status: 'accepted' };
    }
    if (pending) throw conflict('A friend request is already pending.');
    const created = await transaction(tx, async (tx) => {
      const created = await this.repo.createRequest(user.id, recipientId, tx);
      if (!created) return false;
      await this.deps.notifications.notify(
        [
          {
            userId: recipientId,
            actorId: user.id,
            type: 'friend_request',
            message: `${fullName(user)} sent you a friend request.`,
            link: '/friends?tab=requests',
          },
        ],
        tx,
      );
      return true;
    });
    if (!created) {
      // A request between the two was made at the same moment (the unique index let one in):
      // theirs is accepted, as it would be had it come first; ours is pending already.
      const pending = await this.repo.pendingBetween(user.id, recipientId, tx);
      if (pending?.requesterId !== recipientId)
        throw conflict('A friend request is already pending.');
      await this.accept(user, pending.id, tx);
      return { status: 'accepted' };
    }
    return { status: 'sent' };
  }

  /**
   * Applies the recipient's "who may send friend requests" setting.
   * @throws AppError FORBIDDEN when they do not accept requests from `sender`.
   */
  private async assertAcceptsRequestsFrom(
    recipient: UserRow,
    sender: UserRow,
    tx: DbOrTx,
  ): Promise<void> {
    const policy = recipient.settings.privacy.friendRequests ?? 'everyone';
    if (policy === 'everyone') return;
    if (
      policy === 'friends_of_friends' &&
      (await this.repo.mutualFriendCount(recipient.id, sender.id, tx)) > 0
    )
      return;
    throw new AppError('FORBIDDEN', 'This person is not accepting friend requests.');
  }

  /** Accepts a request sent to `user`. @throws AppError NOT_FOUND for anyone else's request. */
  async accept(user: UserRow, requestId: string, tx: DbOrTx = this.deps.db): Promise<void> {
    const request = await this.repo.findRequest(requestId, tx);
    if (!request || request.recipientId !== user.id) throw notFound('Friend request');
    await transaction(tx, async (tx) => {
      if (!(await this.repo.resolveRequest(requestId, 'accepted', tx))) {
        throw new AppError('CONFLICT', 'This friend request is no longer pending.');
      }
      await this.repo.addFriendship(user.id, request.requesterId, tx);
      await this.deps.notifications.notify(
        [
          {
            userId: request.requesterId,
            actorId: user.id,
            type: 'friend_accepted',
            message: `${fullName(user)} accepted your friend request.`,
            link: '/friends',
          },
        ],
        tx,
      );
    });
  }

  async reject(user: UserRow, requestId: string): Promise<void> {
    const request = await this.repo.findRequest(requestId);
    if (!request || request.recipientId !== user.id) throw notFound('Friend request');
    if (!(await this.repo.resolveRequest(requestId, 'rejected'))) {
      throw conflict('This friend request is no longer pending.');
    }
  }

  async cancel(user: UserRow, requestId: string): Promise<void> {
    const request = await this.repo.findRequest(requestId);
    if (!request || request.requesterId !== user.id) throw notFound('Friend request');
    if (!(await this.repo.resolveRequest(requestId, 'cancelled'))) {
      throw conflict('This friend request is no longer pending.');
    }
  }

  /**
   * Ends a friendship and, in the same transaction, what it gave each of them: shares of
   * journals, prayers and prayer requests, and group invitations between the two
   * (`endSharesBetween`, docs/decisions/037).
   */
  async remove(user: UserRow, friendId: string): Promise<void> {
    await transaction(this.deps.db, async (tx) => {
      if (!(await this.repo.removeFriendship(user.id, friendId, tx))) throw notFound('Friend');
      await this.endSharesBetween(user.id, friendId, tx);
    });
  }

  /**
   * Ends, in `tx`, every tie the user has with other people here: each friendship as `remove`
   * ends it (with what it shared, `endSharesBetween`), every pending request sent or received,
   * and the invitations (e-mail and link) that would bring a new friend. What taking an account
   * back ends (docs/decisions/055).
   */
  async endTiesOf(userId: string, tx: Tx): Promise<void> {
    for (const friendId of await this.repo.friendIds(userId, tx)) {
      await this.repo.removeFriendship(userId, friendId, tx);
      await this.endSharesBetween(userId, friendId, tx);
    }
    await this.repo.cancelPendingOf(userId, tx);
    await this.repo.deleteInvitesBy(userId, tx);
  }

  /** Ending a friendship ends what it shared, in each module holding some (ADR 037). */
  private async endSharesBetween(a: string, b: string, tx: Tx): Promise<void> {
    for (const module of this.deps.sharedBetweenFriends) await module.endSharesBetween(a, b, tx);
  }

  /** People the user may find (access.sql.ts `profileVisible`, plus exact username or e-mail). */
  async search(user: UserRow, q: string): Promise<UserSearchResult[]> {
    const exactEmail = normaliseEmail(q);
    const rows = await this.repo.search(user.id, q, exactEmail, SEARCH_LIMIT);
    return rows.map((r) =>
      presentSearchResult(
        r.user,
        r.mutualFriends,
        r.relation ?? 'none',
        r.user.email === exactEmail,
      ),
    );
  }

  async suggestions(user: UserRow): Promise<UserSearchResult[]> {
    const rows = await this.repo.suggestions(user.id, SUGGESTION_LIMIT);
    return rows.map((r) =>
      presentSearchResult(r.user, r.mutualFriends, r.relation ?? 'none', false),
    );
  }

  /**
   * Invites someone by e-mail: a registered address gets a friend request, any other a
   * sign-up link; the answer is the same either way. In `tx` when the caller has a transaction
   * open (an idempotent create).
   */
  async inviteByEmail(
    user: UserRow,
    recipientEmail: string,
    tx: DbOrTx = this.deps.db,
  ): Promise<void> {
    const email = normaliseEmail(recipientEmail);
    if (email === user.email) throw badRequest("You can't invite yourself.");
    const existing = await this.deps.users.findByEmail(email, tx);
    if (existing) {
      const alreadyLinked =
        (await this.repo.areFriends(user.id, existing.id, tx)) ||
        (await this.repo.pendingBetween(user.id, existing.id, tx));
      if (!alreadyLinked) await this.sendRequest(user, existing.id, tx);
      return;
    }
    await this.deps.limiter.consume(
      user.id,
      'You have sent many invitations. Please try again later.',
    );
    const code = randomToken(18);
    await transaction(tx, async (tx) => {
      await this.repo.createInvite({ inviterId: user.id, email, code }, tx);
      await this.deps.mail.enqueue(
        [friendInviteMail(email, fullName(user), this.inviteUrl(code))],
        tx,
      );
    });
  }

  private inviteUrl(code: string): string {
    return `${this.deps.appOrigin}/signup?invite=${encodeURIComponent(code)}`;
  }

  /** The user's personal invite link, or null until they make it (a read: it writes nothing). */
  async inviteLink(user: UserRow): Promise<string | null> {
    const code = await this.repo.personalInvite(user.id);
    return code ? this.inviteUrl(code) : null;
  }

  /**
   * Makes the user's personal invite link, or answers the one they have: one per user, also
   * when two requests arrive together (the user row is locked while the link is looked up).
   */
  async createInviteLink(user: UserRow): Promise<{ url: string; created: boolean }> {
    return transaction(this.deps.db, async (tx) => {
      await this.deps.users.lock(user.id, tx);
      const existing = await this.repo.personalInvite(user.id, tx);
      if (existing) return { url: this.inviteUrl(existing), created: false };
      const code = randomToken(18);
      await this.repo.createInvite({ inviterId: user.id, email: null, code }, tx);
      return { url: this.inviteUrl(code), created: true };
    });
  }

  /** After sign-up: everyone who invited this address (or whose link was used) has a request waiting. */
  async welcomeInvited(newUser: UserRow, inviteCode: string | undefined): Promise<void> {
    const inviters = await this.repo.invitersFor(inviteCode, newUser.email);
    for (const inviterId of inviters) {
      if (inviterId === newUser.id) continue;
      await transaction(this.deps.db, async (tx) => {
        const request = await this.repo.createRequest(inviterId, newUser.id, tx);
        if (request) {
          const inviter = await this.deps.users.findById(inviterId, tx);
          await this.deps.notifications.notify(
            [
              {
                userId: newUser.id,
                actorId: inviterId,
                type: 'friend_request',
                message: `${inviter ? fullName(inviter) : 'A friend'} sent you a friend request.`,
                link: '/friends?tab=requests',
              },
            ],
            tx,
          );
        }
      });
    }
  }

  // --- The user's data: the account's export, Clear Data and deletion ask each module ------

  /** For the account's export: the user's friends. */
  async exportOf(userId: string) {
    return { friends: await this.repo.friendsSince(userId) };
  }

  /** Before the account goes: its friendships end, both ways. */
  async deleteAccountOf(userId: string, tx: DbOrTx): Promise<void> {
    await this.repo.deleteFriendshipsOf(userId, tx);
  }
}
