import { Agent } from 'node:https';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db, DbOrTx } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/app-error.ts';
import {
  endpointTargetProblem,
  lookupPublic,
  NonPublicEndpointError,
  subscriptionEndpointProblem,
} from './push-endpoint.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** Buttons the notification shows (the daily digest's "I prayed" and "Snooze"). */
  actions?: { action: string; title: string }[];
  /** The capability the service worker posts with an action (it has no session). */
  actionToken?: string;
}

/** What an event adds to its Web Push payload (`notify`). */
export type PushExtras = Pick<PushPayload, 'actions' | 'actionToken'>;

/** The VAPID keys and the subject that signs pushes; `allowInsecureEndpoints` in tests only. */
export interface PushServiceDeps {
  db: Db;
  vapid: VapidKeys;
  subject: string;
  logger: FastifyBaseLogger;
  allowInsecureEndpoints?: boolean;
}

/**
 * Web Push with VAPID and the standard payload encryption (RFC 8291, through `web-push`).
 * Subscriptions answering 404 or 410 are removed. Endpoints must be public https URLs (no SSRF
 * into the server's network): checked when stored, and when sending every address the host
 * resolves to must be public (push-endpoint.ts), else the push is refused and logged. Tests of
 * a local push service set `allowInsecureEndpoints`, which skips both and trusts its
 * self-signed certificate.
 */
export class PushService {
  readonly publicKey: string;
  private readonly deps: PushServiceDeps;
  private readonly vapid: VapidKeys & { subject: string };
  /** Connects only to public addresses; in tests, trusts the local push service instead. */
  private readonly agent: Agent;

  constructor(deps: PushServiceDeps) {
    this.deps = deps;
    this.vapid = { ...deps.vapid, subject: deps.subject };
    this.publicKey = deps.vapid.publicKey;
    this.agent = deps.allowInsecureEndpoints
      ? new Agent({ rejectUnauthorized: false })
      : new Agent({ lookup: lookupPublic });
  }

  /** Generates a VAPID key pair (kept in the data folder by the caller). */
  static generateKeys(): VapidKeys {
    return webpush.generateVAPIDKeys();
  }

  private checkEndpoint(endpoint: string): void {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw badRequest('The push subscription endpoint is not a valid URL.');
    }
    if (this.deps.allowInsecureEndpoints) return;
    if (subscriptionEndpointProblem(url)) {
      throw badRequest('The push subscription endpoint must be a public https URL.');
    }
  }

  /** Saves the browser's subscription for the session that sent it (it ends with the session). */
  async subscribe(
    session: { userId: string; sessionId: string },
    sub: { endpoint: string; keys: { p256dh: string; auth: string } },
  ): Promise<void> {
    this.checkEndpoint(sub.endpoint);
    const values = { ...session, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
    await this.deps.db
      .insert(pushSubscriptions)
      .values({ ...values, endpoint: sub.endpoint })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  }

  /** Removes the subscriptions made by these sessions (they have ended). */
  async removeForSessions(sessionIds: string[], tx: DbOrTx = this.deps.db): Promise<void> {
    if (sessionIds.length === 0) return;
    await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionId, sessionIds));
  }

  /** Removes every subscription of the user, whatever session made it. */
  async removeForUser(userId: string, tx: DbOrTx): Promise<void> {
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  }

  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.deps.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  }

  async countFor(userId: string): Promise<number> {
    return this.deps.db.$count(pushSubscriptions, eq(pushSubscriptions.userId, userId));
  }

  /** Sends one payload to every subscription of each user; never throws. */
  async sendToUsers(userIds: string[], payload: PushPayload): Promise<void> {
    if (userIds.length === 0) return;
    const subs = await this.deps.db
      .select()
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, userIds));
    const gone: string[] = [];
    await Promise.all(
      subs.map(async (sub) => {
        try {
          if (!this.deps.allowInsecureEndpoints) {
            const problem = endpointTargetProblem(new URL(sub.endpoint));
            if (problem) throw new NonPublicEndpointError(problem);
          }
          await webpush.sendNotification(
            { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
            JSON.stringify(payload),
            {
              vapidDetails: this.vapid,
              TTL: 24 * 60 * 60,
              timeout: 5_000,
              urgency: 'normal',
              agent: this.agent,
            },
          );
        } catch (error) {
          if (error instanceof NonPublicEndpointError) {
            const host = URL.parse(sub.endpoint)?.host;
            this.deps.logger.warn({ host, reason: error.message }, 'web push refused');
            return;
          }
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) gone.push(sub.id);
          else this.deps.logger.warn({ err: (error as Error).message, status }, 'web push failed');
        }
      }),
    );
    if (gone.length > 0)
      await this.deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  }
}
