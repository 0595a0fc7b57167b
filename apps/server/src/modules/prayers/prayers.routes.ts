import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { IdParamsSchema } from '@selah/shared/schemas/common';
import {
  CreatePrayerInputSchema,
  PrayerListQuerySchema,
  PrayerPageSchema,
  PrayerSchema,
  PrayerStatusInputSchema,
  PrayerSummarySchema,
  PrivatePrayersQuerySchema,
  PrivatePrayersSchema,
  ShowPrayersInputSchema,
  ShowPrayersResultSchema,
  TestimonyInputSchema,
  UpdatePrayerInputSchema,
} from '@selah/shared/schemas/prayers';
import { IdempotencyHeadersSchema } from '@selah/shared/schemas/idempotency';
import {
  NoteInputSchema,
  PrayedInputSchema,
  PrayerEventSchema,
  PrayerLogQuerySchema,
  PrayerLogSchema,
  PrayerNoteSchema,
  RhythmInputSchema,
} from '@selah/shared/schemas/practice';
import { currentUser, requireSession } from '../../plugins/auth.ts';
import type { PrayersService } from './prayers.service.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};
const JournalPrayersQuerySchema = PrayerListQuerySchema.extend({
  journal: z.uuid({ error: 'Invalid journal id.' }),
});
const UserPrayersQuerySchema = PrayerListQuerySchema.omit({ journal: true });

/** /api/prayers */
export const prayersRoutes: FastifyPluginAsyncZod<{ prayers: PrayersService }> = async (
  app,
  { prayers },
) => {
  requireSession(app);

  app.get(
    '/',
    {
      schema: {
        tags: ['prayers'],
        operationId: 'listJournalPrayers',
        summary: "List a journal's prayers",
        querystring: JournalPrayersQuerySchema,
        response: { 200: PrayerPageSchema, ...errors },
      },
    },
    async (request) =>
      prayers.listForJournal(request.query.journal, request.query, currentUser(request)),
  );

  app.get(
    '/user',
    {
      schema: {
        tags: ['prayers'],
        operationId: 'listMyPrayers',
        summary: 'List my prayers across journals',
        querystring: UserPrayersQuerySchema,
        response: { 200: PrayerPageSchema, ...errors },
      },
    },
    async (request) => prayers.listForUser(request.query, currentUser(request)),
  );

  app.get(
    '/user/summary',
    {
      schema: {
        tags: ['prayers'],
        operationId: 'getPrayerSummary',
        summary: 'Get my Prayer Points statistics',
        response: { 200: PrayerSummarySchema, ...errors },
      },
    },
    async (request) => prayers.summary(currentUser(request)),
  );

  app.get(
    '/private',
    {
      schema: {
        tags: ['prayers'],
        operationId: 'listPrivatePrayers',
        summary: "Count and list my journal's private prayers",
        description: "Only the journal's owner; its readers, members and group see none of these.",
        querystring: PrivatePrayersQuerySchema,
        response: { 200: PrivatePrayersSchema, ...errors },
      },
    },
    async (request) => prayers.privateInJournal(request.query.journal, currentUser(request)),
  );

  app.post(
    '/visible',
    {
      schema: {
        tags: ['prayers'],
        operationId: 'showPrayers',
        summary: 'Make chosen private prayers of my journal visible',
        description: "Only the journal's owner; its readers then see them.",
        body: ShowPrayersInputSchema,
        response: { 200: ShowPrayersResultSchema, ...errors },
      },
    },
    async (request) => prayers.showInJournal(request.body, currentUser(request)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['prayers'],
        operationId: 'getPrayer',
        summary: 'Get a prayer',
        params: IdParamsSchema,
        response: { 200: PrayerSchema, ...errors },
      },
    },
    async (request) => prayers.get(request.params.id, currentUser(request)),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['prayers'],
        operationId: 'createPrayer',
        summary: 'Add a prayer to a journal',
        headers: IdempotencyHeadersSchema,
        body: CreatePrayerInputSchema,
        response: { 201: PrayerSchema, ...errors },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (tx) => ({
        status: 201,
        body: await prayers.create(request.body, currentUser(request), tx),
      })),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['prayers'],
        operationId: 'updatePrayer',
        summary: 'Update a prayer',
        params: IdParamsSchema,
        body: UpdatePrayerInputSchema,
        response: { 200: PrayerSchema, ...errors },
      },
    },
    async (request) => prayers.update(request.params.id, request.body, currentUser(request)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['prayers'],
        operationId: 'deletePrayer',
        summary: 'Delete a prayer',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await prayers.delete(request.params.id, currentUser(request));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/:id/status',
    {
      schema: {
        tags: ['prayers'],
        operationId: 'setPrayerAnswered',
        summary: 'Mark a prayer answered or not',
        params: IdParamsSchema,
        body: PrayerStatusInputSchema,
        response: { 200: PrayerSchema, ...errors },
      },
    },
    async (request) =>
      prayers.setStatus(request.params.id, request.body.isAnswered, currentUser(request)),
  );

  app.put(
    '/:id/rhythm',
    {
      schema: {
        tags: ['prayers'],
        operationId: 'setPrayerRhythm',
        summary: "Set a prayer's rhythm, snooze and star",
        params: IdParamsSchema,
        body: RhythmInputSchema,
        response: { 200: PrayerSchema, ...errors },
      },
    },
    async (request) => prayers.setRhythm(request.params.id, request.body, currentUser(request)),
  );

  app.post(
    '/:id/testimony',
    {
      schema: {
        tags: ['prayers'],
        operationId: 'addTestimony',
        summary: 'Add a testimony to a prayer',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: TestimonyInputSchema,
        response: { 200: PrayerSchema, ...errors },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (tx) => ({
        status: 200,
        body: await prayers.addTestimony(
          request.params.id,
          request.body.testimony,
          currentUser(request),
          tx,
        ),
      })),
  );
  app.post(
    '/:id/prayed',
    {
      schema: {
        tags: ['prayers'],
        operationId: 'prayPrayer',
        summary: 'Record that I prayed a prayer',
        description:
          'The same Prayed again (same item and day) within a minute is not recorded twice: it answers with the first.',
        params: IdParamsSchema,
        body: PrayedInputSchema,
        response: { 201: PrayerEventSchema, ...errors },
      },
    },
    async (request, reply) => {
      const event = await prayers.prayed(request.params.id, currentUser(request), request.body);
      return reply.status(201).send(event);
    },
  );

  app.get(
    '/:id/log',
    {
      schema: {
        tags: ['prayers'],
        operationId: 'getPrayerLog',
        summary: "Get a prayer's timeline and how often I prayed it",
        params: IdParamsSchema,
        querystring: PrayerLogQuerySchema,
        response: { 200: PrayerLogSchema, ...errors },
      },
    },
    async (request) => prayers.log(request.params.id, currentUser(request), request.query),
  );

  app.post(
    '/:id/notes',
    {
      schema: {
        tags: ['prayers'],
        operationId: 'addPrayerNote',
        summary: 'Add a dated note to my prayer',
        params: IdParamsSchema,
        body: NoteInputSchema,
        response: { 201: PrayerNoteSchema, ...errors },
      },
    },
    async (request, reply) => {
      const note = await prayers.addNote(
        request.params.id,
        request.body.text,
        currentUser(request),
      );
      return reply.status(201).send(note);
    },
  );
};
