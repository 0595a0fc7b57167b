import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_COOKIE } from '../modules/auth/page-cookie.ts';

/** Where the document and its viewer are served (outside production). */
export const API_DOCS_PATH = '/api/docs';

/**
 * The tags operations are grouped by, with what each covers. A route's `tags` must name one of
 * these (the Redocly lint of the document checks it, apps/server/redocly.yaml).
 */
export const API_TAGS = [
  { name: 'auth', description: 'Sign-up, sign-in (password or Google), sessions, e-mail links.' },
  { name: 'account', description: "The signed-in user's settings, profile photo and data." },
  { name: 'journals', description: 'Prayer journals: own, discover, join, share, export.' },
  { name: 'prayers', description: 'Prayers in journals, their status, testimonies and shares.' },
  { name: 'stats', description: 'Dashboard statistics, streaks and the daily verse.' },
  { name: 'pray', description: 'Pray now: a session of a few items to pray through, rotating.' },
  { name: 'friends', description: 'Friends, friend requests, invitations and people search.' },
  { name: 'prayer-requests', description: 'Requests shared with chosen friends; "I\'m praying".' },
  { name: 'prayer-groups', description: 'Groups praying around a journal, and their members.' },
  {
    name: 'notifications',
    description: 'In-app notifications, their stream, reminders, Web Push.',
  },
  { name: 'billing', description: 'Plans, limits, prices, checkout and Flutterwave payments.' },
  { name: 'admin', description: 'Operator views (admins only; others get 404).' },
  { name: 'health', description: 'Liveness and database reachability.' },
  { name: 'security', description: 'Reports browsers send (Content-Security-Policy violations).' },
];

/** Any bytes: a file download, documented as OpenAPI's binary string. */
const BINARY = z.any().meta({ type: 'string', format: 'binary' });

/** The response schema of a route that answers a file (or a stream) of these media types. */
export const fileResponse = (description: string, mediaTypes: string[]) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: BINARY }])),
});

/** The API's paths: the document describes them and nothing else. */
const API_PATH = /^\/api(\/|$)/;

/**
 * fastify-type-provider-zod's transform, plus two things it cannot say: the web app's pages
 * (plugins/pages.ts registers them on the same server) are not part of the API, so they are
 * left out; an answer declared `z.null()` (204, 304) has no body at all, rather than a JSON
 * `null`.
 */
const transform: SwaggerTransform = (input) => {
  if (!API_PATH.test(input.url)) return { schema: { ...input.schema, hide: true }, url: input.url };
  const out = jsonSchemaTransform(input);
  const declared = (input.schema.response ?? {}) as Record<string, unknown>;
  const response = out.schema.response as Record<string, object> | undefined;
  for (const [status, schema] of Object.entries(declared)) {
    if (response?.[status] && schema instanceof z.ZodNull) {
      response[status] = { type: 'null', description: schema.description ?? 'No content' };
    }
  }
  return out;
};

export interface SwaggerOptions {
  version: string;
  /** Serve the document and its viewer at API_DOCS_PATH. */
  serve: boolean;
}

/**
 * The OpenAPI document, generated from the route schemas (zod, via fastify-type-provider-zod).
 * Each route gives its tag, summary and operationId; its security is declared where its session
 * check is attached (plugins/auth.ts), so the two cannot drift (ADR 049).
 */
export const swaggerPlugin = fp(
  async (app: FastifyInstance, opts: SwaggerOptions) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Selah API',
          version: opts.version,
          description:
            'The API of Selah, a prayer-journal app. Errors answer `{ message, code, details?, ' +
            'requestId? }`. Most operations need the bearer token that sign-in returns.',
        },
        // Relative: the host that serves the document (APP_ORIGIN, or wherever it is reached).
        servers: [{ url: '/', description: 'The server that serves this document' }],
        tags: API_TAGS,
        components: {
          securitySchemes: {
            bearer: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'The session token that sign-in returns.',
            },
            pageSession: {
              type: 'apiKey',
              in: 'cookie',
              name: PAGE_COOKIE,
              description:
                'The same session as an HttpOnly cookie (named `__Host-' +
                `${PAGE_COOKIE}\` over https), sent by \`<img>\` requests; only photos accept it.`,
            },
            webhookSignature: {
              type: 'apiKey',
              in: 'header',
              name: 'verif-hash',
              description: "Flutterwave's secret hash, configured on both sides.",
            },
          },
        },
      },
      transform,
    });
    // API documentation is for development: not served in production (ASVS 13.4.5).
    if (opts.serve) await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH });
  },
  { name: 'swagger' },
);
