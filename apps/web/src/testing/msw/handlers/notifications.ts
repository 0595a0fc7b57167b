import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NotificationPreferencesSchema,
} from '@selah/shared/schemas/auth';
import {
  NotificationPageSchema,
  ReminderInputSchema,
  ReminderSchema,
} from '@selah/shared/schemas/notifications';
import { http, HttpResponse } from 'msw';
import { buildNotification, buildNotificationPage } from '../../notification-factories';
import { API, apiError } from './auth';

/** A test's VAPID public key (65 bytes, base64url, as the server sends it). */
export const TEST_VAPID_KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

/**
 * An open `text/event-stream` response that a test writes to: `send` adds raw SSE text,
 * `close` ends it; the stream also ends when the client aborts the request.
 */
export function eventStream(request: Request, initial = '') {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      if (initial) streamController.enqueue(encoder.encode(initial));
    },
    cancel() {
      controller = null;
    },
  });
  const close = () => {
    try {
      controller?.close();
    } catch {
      // Already closed.
    }
    controller = null;
  };
  request.signal.addEventListener('abort', close);
  return {
    response: new HttpResponse(body, {
      headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' },
    }),
    send: (text: string) => controller?.enqueue(encoder.encode(text)),
    close,
  };
}

/**
 * Default answers of the notifications API for a user without notifications: an empty list, a
 * stream that says so and stays open, default preferences and no reminder.
 */
export const notificationHandlers = [
  http.get(`${API}/notifications`, () =>
    HttpResponse.json(NotificationPageSchema.parse(buildNotificationPage())),
  ),
  http.get(
    `${API}/notifications/stream`,
    ({ request }) =>
      eventStream(request, 'retry: 3000\n\nevent: unread\ndata: {"unreadCount":0}\n\n').response,
  ),
  http.get(`${API}/notifications/preferences`, () =>
    HttpResponse.json(NotificationPreferencesSchema.parse(DEFAULT_NOTIFICATION_PREFERENCES)),
  ),
  http.put(`${API}/notifications/preferences`, async ({ request }) => {
    const parsed = NotificationPreferencesSchema.safeParse(await request.json());
    if (!parsed.success) {
      return apiError(400, { code: 'VALIDATION_FAILED', message: 'Invalid preferences.' });
    }
    return HttpResponse.json(parsed.data);
  }),
  http.get(`${API}/notifications/reminder`, () =>
    HttpResponse.json(ReminderSchema.parse({ time: null, timeZone: 'UTC' })),
  ),
  http.put(`${API}/notifications/reminder`, async ({ request }) => {
    const parsed = ReminderInputSchema.safeParse(await request.json());
    if (!parsed.success) {
      return apiError(400, {
        code: 'VALIDATION_FAILED',
        message: 'Please choose a time as HH:MM.',
      });
    }
    return HttpResponse.json(ReminderSchema.parse({ time: parsed.data.time, timeZone: 'UTC' }));
  }),
  http.put(`${API}/notifications/read-all`, () =>
    HttpResponse.json({ message: 'All notifications marked as read.', updated: 0 }),
  ),
  http.put(`${API}/notifications/:id/read`, ({ params }) =>
    HttpResponse.json(
      buildNotification({ _id: String(params.id), id: String(params.id), read: true }),
    ),
  ),
  http.delete(`${API}/notifications/:id`, () => new HttpResponse(null, { status: 204 })),
  http.get(`${API}/push/public-key`, () => HttpResponse.json({ publicKey: TEST_VAPID_KEY })),
  http.post(`${API}/push/subscriptions`, () =>
    HttpResponse.json({ subscribed: true }, { status: 201 }),
  ),
  http.delete(`${API}/push/subscriptions`, () => new HttpResponse(null, { status: 204 })),
];
