import { ERROR_STATUS, type ErrorCode } from '@selah/shared/errors';

/** The one error type services throw; the error handler turns it into the wire envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: unknown;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found.`);
export const unauthenticated = (message = 'Please sign in to continue.') =>
  new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badRequest = (message: string, details?: unknown) =>
  new AppError('BAD_REQUEST', message, { details });
export const validationFailed = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { details: [{ path, message }] });
export const rateLimited = (retryAfterSeconds: number, message?: string) =>
  new AppError(
    'RATE_LIMITED',
    message ?? `Too many attempts. Please try again in ${formatWait(retryAfterSeconds)}.`,
    { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } },
  );
export const serviceUnavailable = (
  message = 'Service temporarily unavailable. Please retry shortly.',
) => new AppError('SERVICE_UNAVAILABLE', message, { headers: { 'retry-after': '2' } });

function formatWait(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.ceil(seconds))} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
