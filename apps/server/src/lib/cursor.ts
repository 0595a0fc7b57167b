import { badRequest } from './app-error.ts';

/** Opaque pagination cursors: base64url JSON of the last row's sort key. */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * Decodes a cursor made by `encodeCursor` and checks its shape.
 * @throws AppError BAD_REQUEST for a malformed cursor.
 */
export function decodeCursor<T extends readonly ('string' | 'number')[]>(
  cursor: string | undefined,
  shape: T,
): { [K in keyof T]: T[K] extends 'number' ? number : string } | null {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === shape.length &&
      value.every((v, i) => typeof v === shape[i] && (typeof v !== 'string' || v.length <= 100))
    ) {
      return value as { [K in keyof T]: T[K] extends 'number' ? number : string };
    }
  } catch {
    // fall through
  }
  throw badRequest('Invalid page cursor.');
}

/** Escapes LIKE wildcards so user input matches literally. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, '\\$&')}%`;
