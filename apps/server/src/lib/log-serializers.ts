import { stdSerializers } from 'pino';

const REDACTED = '[redacted]';

/**
 * A copy of an error, and of the errors in its `cause` chain, in which a failed Drizzle query
 * (an error with `query` and `params`) keeps its SQL but not its parameters: they hold e-mail
 * addresses, password hashes and user input, in `params`, in the message and so in the stack.
 */
function withoutQueryParams(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error) || depth > 5) return value;
  const copy = Object.assign(Object.create(Object.getPrototypeOf(value) as object) as Error, value);
  copy.message = value.message;
  copy.stack = value.stack;
  if ('query' in value && 'params' in value) {
    const header = `Failed query: ${String(value.query)}\nparams: ${REDACTED}`;
    const frames = value.stack?.indexOf('\n    at ') ?? -1;
    copy.message = header;
    copy.stack = `${value.name}: ${header}${frames >= 0 ? value.stack!.slice(frames) : ''}`;
    (copy as Error & { params: unknown }).params = REDACTED;
  }
  if (value.cause !== undefined) copy.cause = withoutQueryParams(value.cause, depth + 1);
  return copy;
}

/** pino's error serializer, without the parameters of failed queries. */
export const errorSerializer = (error: Error) =>
  stdSerializers.err(withoutQueryParams(error) as Error);
