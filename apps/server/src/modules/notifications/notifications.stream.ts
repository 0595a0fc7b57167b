import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NotificationRow, UserRow } from '../../db/schema/index.ts';
import { rateLimited } from '../../lib/app-error.ts';
import {
  eventIdOf,
  type NotificationsService,
  presentNotification,
} from './notifications.service.ts';
import type { OpenStreams } from './open-streams.ts';
import type { RealtimeEvent } from './realtime-hub.ts';

export const HEARTBEAT_MS = 20_000;
const CATCH_UP_LIMIT = 100;

/**
 * A new notification read once for all of its user's open streams (tabs and devices), not once
 * per stream: lookups stay shared for a second after they settle.
 */
const SHARED_LOOKUP_MS = 1_000;
const lookups = new Map<string, Promise<{ row: NotificationRow | null; unreadCount: number }>>();
function lookUpNotification(notifications: NotificationsService, id: string) {
  let lookup = lookups.get(id);
  if (!lookup) {
    lookup = notifications.forStream(id);
    lookups.set(id, lookup);
    const forget = () => setTimeout(() => lookups.delete(id), SHARED_LOOKUP_MS).unref();
    lookup.then(forget, forget);
  }
  return lookup;
}

/**
 * Open streams per user in this process. The web app keeps one stream per browser, so this is
 * devices, not tabs; the cap stops one account from holding thousands of connections.
 */
export const MAX_STREAMS_PER_USER = 20;

/**
 * GET /api/notifications/stream: Server-Sent Events for the signed-in user (authenticated by the
 * Authorization header; no token in the URL). Sends what was missed since `Last-Event-ID`, then
 * each new notification with the unread count, `unread` events when the count changes elsewhere,
 * and a heartbeat comment every 20 s. It ends when its session ends: at once when the session
 * is revoked in any process (a `sessions-ended` event), else at the next check of `streams`.
 */
export async function streamNotifications(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { user: UserRow; sessionId: string },
  notifications: NotificationsService,
  streams: OpenStreams,
): Promise<void> {
  const { user, sessionId } = session;
  if (streams.countFor(user.id) >= MAX_STREAMS_PER_USER) {
    throw rateLimited(
      30,
      'Too many open notification streams for this account. Close another window and try again.',
    );
  }
  reply.hijack();
  const raw = reply.raw;
  const headers: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[key] = Array.isArray(value) ? value : String(value);
  }
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 3000\n\n');

  let closed = false;
  let chain = Promise.resolve();
  const write = (text: string) => {
    if (!closed) raw.write(text);
  };
  const sendUnread = async () => {
    const count = await notifications.unreadCount(user.id);
    write(`event: unread\ndata: ${JSON.stringify({ unreadCount: count })}\n\n`);
  };
  const sent = new Set<string>();
  const sendNotification = async (id: string) => {
    if (sent.has(id)) return;
    const { row, unreadCount } = await lookUpNotification(notifications, id);
    if (!row || row.userId !== user.id) return;
    sent.add(id);
    write(
      `id: ${eventIdOf(row)}\nevent: notification\ndata: ${JSON.stringify({ notification: presentNotification(row), unreadCount })}\n\n`,
    );
  };
  const enqueue = (task: () => Promise<void>) => {
    chain = chain
      .then(task)
      .catch((error: unknown) => request.log.warn({ err: error }, 'stream write failed'));
  };

  const unsubscribe = notifications.hub.subscribe(user.id, (event: RealtimeEvent) => {
    if (event.kind === 'sessions-ended') {
      if (event.sessionIds.includes(sessionId)) end();
      return;
    }
    enqueue(() =>
      event.kind === 'notification' ? sendNotification(event.notificationId) : sendUnread(),
    );
  });
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  const forget = streams.add(user.id, sessionId, () => end());
  function end() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    forget();
    raw.end();
  }
  raw.on('close', end);
  // A client that left before the listener was attached never sends 'close' again.
  if (raw.destroyed || request.raw.socket?.destroyed) end();

  // Catch up on what was missed, then the current count. Events arriving meanwhile queue behind.
  const lastEventId = request.headers['last-event-id'];
  enqueue(async () => {
    if (typeof lastEventId === 'string' && lastEventId.length <= 100) {
      const missed = await notifications.since(user.id, lastEventId, CATCH_UP_LIMIT);
      const unreadCount = await notifications.unreadCount(user.id);
      for (const row of missed) {
        sent.add(row.id);
        write(
          `id: ${eventIdOf(row)}\nevent: notification\ndata: ${JSON.stringify({ notification: presentNotification(row), unreadCount })}\n\n`,
        );
      }
    }
    await sendUnread();
  });
}
