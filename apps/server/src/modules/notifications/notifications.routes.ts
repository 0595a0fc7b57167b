import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { NotificationPreferencesSchema } from '@selah/shared/schemas/auth';
import { IdParamsSchema, MessageSchema } from '@selah/shared/schemas/common';
import {
  ReminderInputSchema,
  ReminderSchema,
  NotificationListQuerySchema,
  NotificationPageSchema,
  NotificationSchema,
} from '@selah/shared/schemas/notifications';
import { currentUser, requireSession } from '../../plugins/auth.ts';
import { fileResponse } from '../../plugins/swagger.ts';
import { userTimeZone, type UsersService } from '../users/users.service.ts';
import type { NotificationsService } from './notifications.service.ts';
import { streamNotifications } from './notifications.stream.ts';
import type { OpenStreams } from './open-streams.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

/** /api/notifications: a user only ever reaches their own. */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
  users: UsersService;
  streams: OpenStreams;
}> = async (app, { notifications, users, streams }) => {
  requireSession(app);

  app.get(
    '/',
    {
      schema: {
        tags: ['notifications'],
        operationId: 'listNotifications',
        summary: 'List my notifications',
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationPageSchema, ...errors },
      },
    },
    async (request) => notifications.list(currentUser(request).id, request.query),
  );

  app.get(
    '/stream',
    {
      schema: {
        tags: ['notifications'],
        operationId: 'streamNotifications',
        summary: 'Stream new notifications',
        description: 'Server-Sent Events, one stream per browser.',
        response: {
          200: fileResponse('The event stream', ['text/event-stream']),
          401: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      streamNotifications(
        request,
        reply,
        { user: currentUser(request), sessionId: request.sessionId! },
        notifications,
        streams,
      ),
  );

  app.get(
    '/preferences',
    {
      schema: {
        tags: ['notifications'],
        operationId: 'getNotificationPreferences',
        summary: 'Get my notification preferences',
        response: { 200: NotificationPreferencesSchema, ...errors },
      },
    },
    async (request) => currentUser(request).notificationPreferences,
  );

  app.put(
    '/preferences',
    {
      schema: {
        tags: ['notifications'],
        operationId: 'updateNotificationPreferences',
        summary: 'Update my notification preferences',
        body: NotificationPreferencesSchema,
        response: { 200: NotificationPreferencesSchema, ...errors },
      },
    },
    async (request) => {
      const updated = await users.updateNotificationPreferences(
        currentUser(request).id,
        request.body,
      );
      return updated.notificationPreferences;
    },
  );

  app.get(
    '/reminder',
    {
      schema: {
        tags: ['notifications'],
        operationId: 'getPrayerReminder',
        summary: 'Get my daily prayer reminder',
        response: { 200: ReminderSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { time: user.reminderTime, timeZone: userTimeZone(user) };
    },
  );

  app.put(
    '/reminder',
    {
      schema: {
        tags: ['notifications'],
        operationId: 'setPrayerReminder',
        summary: 'Set my daily prayer reminder',
        body: ReminderInputSchema,
        response: { 200: ReminderSchema, ...errors },
      },
    },
    async (request) => {
      const user = await users.setReminderTime(currentUser(request).id, request.body.time);
      return { time: user.reminderTime, timeZone: userTimeZone(user) };
    },
  );

  app.put(
    '/read-all',
    {
      schema: {
        tags: ['notifications'],
        operationId: 'markAllNotificationsRead',
        summary: 'Mark every notification read',
        response: { 200: MessageSchema.extend({ updated: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const updated = await notifications.markAllRead(currentUser(request).id);
      return { message: 'All notifications marked as read.', updated };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['notifications'],
        operationId: 'getNotification',
        summary: 'Get a notification',
        params: IdParamsSchema,
        response: { 200: NotificationSchema, ...errors },
      },
    },
    async (request) => notifications.get(request.params.id, currentUser(request).id),
  );

  app.put(
    '/:id/read',
    {
      schema: {
        tags: ['notifications'],
        operationId: 'markNotificationRead',
        summary: 'Mark a notification read',
        params: IdParamsSchema,
        response: { 200: NotificationSchema, ...errors },
      },
    },
    async (request) => notifications.markRead(request.params.id, currentUser(request).id),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['notifications'],
        operationId: 'deleteNotification',
        summary: 'Delete a notification',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await notifications.delete(request.params.id, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );
};
