import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { validationFailed } from '../lib/app-error.ts';

export const NUL_MESSAGE = 'Text cannot contain NUL characters.';

/** The path of the first string holding a NUL character, or null (bounded depth and breadth). */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value))
    return null;
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value);
  for (const [key, child] of entries) {
    if (key.includes('\u0000')) return `${path}.${key.replaceAll('\u0000', '')}`;
    const found = findNul(child, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses NUL characters anywhere in the body, query or path before validation: PostgreSQL text
 * cannot store them, so they would otherwise reach the database and fail there (a 500).
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      const found =
        findNul(request.params, 'params') ??
        findNul(request.query, 'querystring') ??
        findNul(request.body, 'body');
      if (found) throw validationFailed(found, NUL_MESSAGE);
    });
  },
  { name: 'input-guard' },
);
