import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { validationFailed } from '../lib/app-error.ts';

export const NUL_MESSAGE = 'Text cannot contain NUL characters.';
export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';
export const TOO_LARGE_MESSAGE = 'The request body has too many values.';

/**
 * The walk's bounds. No route takes a body anywhere near them (the deepest, a CSP report, nests
 * four levels; the widest lists a hundred): a body beyond them is refused, not half-checked.
 */
export const MAX_DEPTH = 64;
export const MAX_VALUES = 100_000;

/**
 * Whether a parser built it: an array or a plain object (JSON, forms), or a query string's
 * record (fast-querystring's objects inherit from an empty object without a prototype).
 */
function isParsedContainer(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
  depth: number;
}

const pathOf = (visit: Visit): string =>
  visit.parent ? `${pathOf(visit.parent)}.${visit.key}` : visit.key;

export type Finding =
  | { kind: 'nul'; path: string }
  | { kind: 'too-deep'; path: string }
  | { kind: 'too-large'; path: string };

/**
 * The first string (value or key) holding a NUL character in what a parser built, or why the
 * value was not walked to its end; null when there is none. On the way it makes every string
 * value well-formed in place: a lone surrogate (half an emoji, cut by a client) becomes U+FFFD,
 * as PostgreSQL's text columns would store it, so that a jsonb column (or a notification's
 * payload built from it) never refuses what a text column took. Iterative (no stack to overflow),
 * at most MAX_DEPTH deep and MAX_VALUES values; it walks only arrays and plain objects, each once,
 * never a stream, a Buffer, a typed array or any other object (they are not parsed text).
 */
export function inspectInput(root: unknown, rootPath: string): Finding | null {
  const stack: Visit[] = [{ value: root, key: rootPath, parent: null, depth: 0 }];
  const seen = new Set<object>();
  let values = 0;
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (++values > MAX_VALUES) return { kind: 'too-large', path: rootPath };
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { kind: 'nul', path: pathOf(visit) };
      if (visit.parent && !value.isWellFormed())
        (visit.parent.value as Record<string, unknown>)[visit.key] = value.toWellFormed();
      continue;
    }
    if (value === null || typeof value !== 'object' || !isParsedContainer(value)) continue;
    if (seen.has(value)) continue;
    seen.add(value);
    if (visit.depth >= MAX_DEPTH) return { kind: 'too-deep', path: pathOf(visit) };
    const keys = Object.keys(value);
    // Pushed last to first, so the first NUL in document order is the one reported.
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (key.includes('\u0000'))
        return { kind: 'nul', path: `${pathOf(visit)}.${key.replaceAll('\u0000', '')}` };
      stack.push({
        value: (value as Record<string, unknown>)[key],
        key,
        parent: visit,
        depth: visit.depth + 1,
      });
    }
  }
  return null;
}

const MESSAGES = { nul: NUL_MESSAGE, 'too-deep': TOO_DEEP_MESSAGE, 'too-large': TOO_LARGE_MESSAGE };

/**
 * Refuses NUL characters anywhere in the body, query or path before validation, and makes every
 * string well-formed (inspectInput): PostgreSQL text cannot store a NUL, nor its JSON a lone
 * surrogate, so they would otherwise reach the database and fail there (a 500). Only
 * values Fastify's parsers built are checked, within bounds (inspectInput); a body nested deeper or
 * holding more values than any route takes is refused with a 400 (docs/decisions/053).
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      const found =
        inspectInput(request.params, 'params') ??
        inspectInput(request.query, 'querystring') ??
        inspectInput(request.body, 'body');
      if (found) throw validationFailed(found.path, MESSAGES[found.kind]);
      if (typeof request.body === 'string' && !request.body.isWellFormed())
        request.body = request.body.toWellFormed();
    });
  },
  { name: 'input-guard' },
);
