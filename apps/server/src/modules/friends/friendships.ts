import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { UsersService } from '../users/users.service.ts';
import { fullName } from './friends.presenter.ts';
import { FriendsRepository } from './friends.repository.ts';

export const NOT_FRIENDS_MESSAGE = 'You can only share with your friends.';

export interface FriendshipsDeps {
  db: Db;
  users: UsersService;
}

/**
 * Who is a friend of whom, as the modules that share with friends ask it (journals, prayers,
 * prayer requests, groups). Apart from `FriendsService`, which ends what a friendship shared
 * through those modules, so that they can ask this without the two needing each other.
 */
export class Friendships {
  private readonly repo: FriendsRepository;
  private readonly deps: FriendshipsDeps;

  constructor(deps: FriendshipsDeps) {
    this.deps = deps;
    this.repo = new FriendsRepository(deps.db);
  }

  areFriends(a: string, b: string): Promise<boolean> {
    return this.repo.areFriends(a, b);
  }

  /**
   * Checks that every id is a friend of `userId`.
   * @throws AppError BAD_REQUEST 'You can only share with your friends.' otherwise.
   */
  async assertAllFriends(userId: string, ids: string[], tx?: DbOrTx): Promise<string[]> {
    const unique = [...new Set(ids)];
    const friends = await this.repo.friendsAmong(userId, unique, tx);
    if (unique.some((id) => !friends.has(id))) throw badRequest(NOT_FRIENDS_MESSAGE);
    return unique;
  }

  /**
   * Applies each recipient's "who may invite me to journals" setting (they are friends already,
   * so 'everyone' and 'friends' both allow it).
   * @throws AppError BAD_REQUEST naming someone who does not accept journal invitations.
   */
  async assertAcceptJournalInvites(userIds: string[], tx?: DbOrTx): Promise<void> {
    for (const id of userIds) {
      const user = await this.deps.users.findById(id, tx);
      if (user && (user.settings.privacy.journalInvites ?? 'friends') === 'off') {
        throw badRequest(`${fullName(user)} does not accept journal invitations.`);
      }
    }
  }
}
