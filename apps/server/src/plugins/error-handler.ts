import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode, FieldIssue } from '@selah/shared/errors';
import { isForeignKeyViolation } from '../db/errors.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * SQLSTATEs and socket errors that mean "the database is unreachable or overloaded right now":
 * shutdown and startup, too many connections, a statement cancelled by `statement_timeout`
 * (57014) or a lock not granted within `lock_timeout` (55P03), a transaction chosen as a
 * deadlock victim (40P01) or a serialization failure (40001): a retry can succeed. Class 08
 * (connection) too.
 */
const TRANSIENT_DB_CODES = new Set([
  '40P01',
  '40001',
  '57014',
  '55P03',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
]);

export function isTransientDbError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (TRANSIENT_DB_CODES.has(code) || code.startsWith('08'))) {
      return true;
    }
    const message = (current as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /timeout exceeded when trying to connect|Connection terminated|not queryable/i.test(message)
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The process (EMFILE) or the machine (ENFILE) has no file descriptor left: a request that
 * needed one (a file, a database connection) is load to shed, answered 503, not a bug.
 */
function isOutOfDescriptors(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === 'EMFILE' || code === 'ENFILE') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function statusToCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}

/**
 * Sends the error envelope. Its own serializer: a route's response schema may give the same
 * status another body (GET /api/health's 503 says the database is down), and an error answered
 * there (load shedding's 503) must not fail that schema and become a 500.
 */
function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  body: Omit<ApiErrorBody, 'requestId'>,
) {
  reply.header('cache-control', 'no-store');
  const envelope: ApiErrorBody = { ...body, requestId: request.id };
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(envelope);
}

export interface ErrorHandlerOptions {
  /** Whether the user still has an account (a foreign key violation may mean it was deleted). */
  accountExists?: (userId: string) => Promise<boolean>;
}

/** The one error handler: AppError, validation, Fastify client errors, then a generic 500. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance, opts: ErrorHandlerOptions) => {
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        for (const [key, value] of Object.entries(error.headers)) reply.header(key, value);
        // Security log (ASVS 16.3): refusals on a resource and rate limits, with who and where
        // (the request id comes with request.log). 401s are logged where they are decided.
        if (error.statusCode === 429 || error.statusCode === 403 || error.statusCode === 404) {
          const level = error.statusCode === 404 ? 'info' : 'warn';
          request.log[level](
            {
              userId: request.user?.id,
              ip: request.ip,
              code: error.code,
              event: error.statusCode === 429 ? 'rate_limited' : 'access_denied',
              route: request.routeOptions.url,
            },
            error.message,
          );
        }
        return send(reply, request, error.statusCode, {
          code: error.code,
          message: error.message,
          ...(error.details === undefined ? {} : { details: error.details }),
        });
      }

      if (hasZodFastifySchemaValidationErrors(error)) {
        const details: FieldIssue[] = error.validation.map((issue) => ({
          path: [
            error.validationContext,
            ...(issue.instancePath ? issue.instancePath.split('/').filter(Boolean) : []),
          ]
            .filter(Boolean)
            .join('.'),
          message: issue.message ?? 'Invalid value.',
        }));
        return send(reply, request, 400, {
          code: 'VALIDATION_FAILED',
          message: details[0]?.message ?? 'Invalid request.',
          details,
        });
      }

      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
        return send(reply, request, 500, { code: 'INTERNAL', message: 'Internal Server Error' });
      }

      if (request.raw.destroyed && !request.raw.complete) {
        // The client left before its request arrived whole (Node's "aborted", ECONNRESET): not
        // the database's doing, and no one is there to read an answer.
        request.log.info({ code: error.code }, 'client closed the request before sending it all');
        return send(reply, request, 400, {
          code: 'BAD_REQUEST',
          message: 'The request did not arrive whole.',
        });
      }

      if (isTransientDbError(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', '2');
        return send(reply, request, 503, {
          code: 'SERVICE_UNAVAILABLE',
          message: 'Service temporarily unavailable. Please retry shortly.',
        });
      }

      if (isOutOfDescriptors(error)) {
        request.log.warn({ err: error }, 'out of file descriptors');
        reply.header('retry-after', '5');
        return send(reply, request, 503, {
          code: 'SERVICE_UNAVAILABLE',
          message: 'Service temporarily unavailable. Please retry shortly.',
        });
      }

      if (isForeignKeyViolation(error)) {
        // A row the write refers to was deleted while it ran (decision 056): the answer a request
        // sent after the deletion gets. When it was the account, deleting it ended the session.
        const userId = request.user?.id;
        if (userId && opts.accountExists && !(await opts.accountExists(userId).catch(() => true)))
          return send(reply, request, 401, {
            code: 'UNAUTHENTICATED',
            message: 'Please sign in to continue.',
          });
        request.log.warn({ err: error }, 'write refers to a row deleted meanwhile');
        return send(reply, request, 404, {
          code: 'NOT_FOUND',
          message: 'What this refers to no longer exists.',
        });
      }

      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status < 500) {
        if (status === 429)
          request.log.warn(
            { userId: request.user?.id, ip: request.ip, event: 'rate_limited' },
            'rate limited',
          );
        const message =
          error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large.'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type.'
              : error.message;
        return send(reply, request, status, { code: statusToCode(status), message });
      }
      if (status === 503) {
        return send(reply, request, 503, {
          code: 'SERVICE_UNAVAILABLE',
          message: 'Service temporarily unavailable. Please retry shortly.',
        });
      }

      request.log.error({ err: error }, 'unhandled error');
      return send(reply, request, 500, { code: 'INTERNAL', message: 'Internal Server Error' });
    });
  },
  { name: 'error-handler' },
);
