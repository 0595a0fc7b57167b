import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router';
import { NonceContext } from './nonce';
import { pageContext } from './page-context';
import { holdScripts } from './paint-first';

/**
 * The server's render of a page (React Router's server entry, docs/decisions/045). The server
 * (apps/server/src/plugins/pages.ts) takes `pageContext` from here to give loaders their
 * context: one token, the build's.
 */
export { pageContext };

/** How long a render may wait for its lazy parts before it is cut short. */
export const streamTimeout = 10_000;

/**
 * Whole pages: the response starts once everything, lazy parts included, has rendered (no
 * streamed fallbacks to fill in later), and paints before the app's JS downloads
 * (./paint-first.ts). Every inline script carries the response's CSP nonce.
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> | Response {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  const nonce = loadContext.get(pageContext)?.nonce;
  return new Promise((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        ...(nonce ? { nonce } : {}),
        // Every Suspense boundary (a lazy part loading for the first time in this process) in
        // place, none sent as a fallback to swap later by script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timeout);
              headers.set('Content-Type', 'text/html; charset=utf-8');
              const html = holdScripts(Buffer.concat(chunks).toString('utf8'));
              resolve(new Response(html, { headers, status }));
              done();
            },
          });
          pipe(body);
        },
        onShellError: reject,
        onError(error) {
          status = 500;
          logError(loadContext, error, 'rendering a page failed');
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

/** Errors of loaders and renders go to the server's log (not the console). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (!request.signal.aborted) logError(context, error, 'a page request failed');
};

/** To the server's log; to the console when there is no server (the build's prerender). */
function logError(context: Readonly<RouterContextProvider>, error: unknown, message: string) {
  const log = context.get(pageContext)?.log;
  if (log) log.error({ err: error }, message);
  else console.error(message, error);
}
