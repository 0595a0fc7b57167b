import type { DigestActionInput, DigestActionResult } from '@selah/shared/schemas/practice';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { unauthenticated } from '../../lib/app-error.ts';
import { addDays, localDate, startOfLocalDay } from '../../lib/time-zone.ts';
import type { UsersService } from '../users/users.service.ts';
import { userTimeZone } from '../users/users.service.ts';
import type { DigestTokens } from './digest-token.ts';
import type { PracticeService } from './practice.service.ts';

export const DIGEST_TOKEN_INVALID = 'This reminder’s action link is not valid. Open Selah to pray.';
export const DIGEST_TOKEN_EXPIRED =
  'This reminder has expired. Open Selah to see what is due today.';
export const DIGEST_USER_GONE = 'This account no longer exists.';

export interface DigestServiceDeps {
  db: Db;
  users: UsersService;
  practice: PracticeService;
  tokens: DigestTokens;
  now: () => Date;
}

/**
 * The daily digest's push actions (issue 20 §2): "I prayed" records a Prayed (source 'push')
 * for each item due at that moment, "Snooze" snoozes the user's due prayers until tomorrow
 * (commitments to friends' requests are not snoozable). The service worker has no session: the
 * digest's token is the capability. Acting twice is harmless: nothing is due the second time,
 * also when both arrive at once (the user's row is locked while one acts).
 */
export class DigestService {
  private readonly deps: DigestServiceDeps;

  constructor(deps: DigestServiceDeps) {
    this.deps = deps;
  }

  /** The token a digest sent on the user's `day` carries: valid to the end of the next day. */
  async tokenFor(user: Pick<UserRow, 'id' | 'settings'>, day: string): Promise<string> {
    const expiresAt = startOfLocalDay(addDays(day, 2), userTimeZone(user));
    return this.deps.tokens.sign({ userId: user.id, day }, expiresAt, this.deps.now());
  }

  /**
   * Acts on the items due now for the token's user.
   * @throws AppError UNAUTHENTICATED for a bad, tampered or expired token, or a deleted user.
   */
  async act(input: DigestActionInput): Promise<DigestActionResult> {
    const now = this.deps.now();
    const claims = await this.deps.tokens.verify(input.token, now);
    if (claims === 'expired') throw unauthenticated(DIGEST_TOKEN_EXPIRED);
    if (claims === null) throw unauthenticated(DIGEST_TOKEN_INVALID);
    const user = await this.deps.users.findById(claims.userId);
    if (!user) throw unauthenticated(DIGEST_USER_GONE);
    const today = localDate(now, userTimeZone(user));
    return transaction(this.deps.db, async (tx) => {
      // Taps at once act one after another: the second finds what the first prayed not due.
      await this.deps.users.lock(user.id, tx);
      const due = await this.deps.practice.dueItems(user.id, today, tx);
      if (input.action === 'snooze') {
        const count = await this.deps.practice.snoozeOwn(
          user.id,
          due.prayerIds,
          addDays(today, 1),
          tx,
        );
        return { action: 'snooze' as const, count };
      }
      for (const prayerId of due.prayerIds)
        await this.deps.practice.record(user, { prayerId }, { source: 'push' }, tx);
      for (const requestId of due.requestIds)
        await this.deps.practice.record(user, { requestId }, { source: 'push' }, tx);
      await this.deps.practice.endOnceCommitments(user.id, due.requestIds, now, tx);
      return { action: 'prayed' as const, count: due.prayerIds.length + due.requestIds.length };
    });
  }
}
