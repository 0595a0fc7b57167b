import { Agent } from 'node:https';
import { isIP } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db, DbOrTx } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/app-error.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushPayload {
  title: string;
  body: string;
  url: string;
}

/** True for loopback, private, link-local and other non-public address literals and names. */
function isInternalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal')
  )
    return true;
  if (isIP(host) === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  if (isIP(host) === 6) return true; // push services are reached by name
  return false;
}

/**
 * Web Push with VAPID and the standard payload encryption (RFC 8291, through `web-push`).
 * Subscriptions answering 404 or 410 are removed. Endpoints must be public https URLs (no SSRF
 * into the server's network) unless `allowInsecureEndpoints` is set, which only tests do (it
 * also trusts a self-signed local push service).
 */
export class PushService {
  readonly publicKey: string;
  private readonly db: Db;
  private readonly vapid: VapidKeys & { subject: string };
  private readonly logger: FastifyBaseLogger;
  private readonly allowInsecureEndpoints: boolean;
  /** Tests only: trusts the local push service's self-signed certificate. */
  private readonly insecureAgent: Agent | undefined;

  constructor(options: {
    db: Db;
    vapid: VapidKeys;
    subject: string;
    logger: FastifyBaseLogger;
    allowInsecureEndpoints?: boolean;
  }) {
    this.db = options.db;
    this.vapid = { ...options.vapid, subject: options.subject };
    this.publicKey = options.vapid.publicKey;
    this.logger = options.logger;
    this.allowInsecureEndpoints = options.allowInsecureEndpoints ?? false;
    this.insecureAgent = this.allowInsecureEndpoints
      ? new Agent({ rejectUnauthorized: false })
      : undefined;
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
    if (this.allowInsecureEndpoints) return;
    if (url.protocol !== 'https:' || isInternalHost(url.hostname)) {
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
    await this.db
      .insert(pushSubscriptions)
      .values({ ...values, endpoint: sub.endpoint })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  }

  /** Removes the subscriptions made by these sessions (they have ended). */
  async removeForSessions(sessionIds: string[], tx: DbOrTx = this.db): Promise<void> {
    if (sessionIds.length === 0) return;
    await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionId, sessionIds));
  }

  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  }

  async countFor(userId: string): Promise<number> {
    return this.db.$count(pushSubscriptions, eq(pushSubscriptions.userId, userId));
  }

  /** Sends one payload to every subscription of each user; never throws. */
  async sendToUsers(userIds: string[], payload: PushPayload): Promise<void> {
    if (userIds.length === 0) return;
    const subs = await this.db
      .select()
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, userIds));
    const gone: string[] = [];
    await Promise.all(
      subs.map(async (sub) => {
        try {
          await webpush.sendNotification(
            { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
            JSON.stringify(payload),
            {
              vapidDetails: this.vapid,
              TTL: 24 * 60 * 60,
              timeout: 5_000,
              urgency: 'normal',
              ...(this.insecureAgent ? { agent: this.insecureAgent } : {}),
            },
          );
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) gone.push(sub.id);
          else this.logger.warn({ err: (error as Error).message, status }, 'web push failed');
        }
      }),
    );
    if (gone.length > 0)
      await this.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  }
}
