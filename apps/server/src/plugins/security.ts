import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * This response's CSP nonce (128 random bits, base64): `script-src` allows inline scripts
     * that carry it, and no others (the pages' scripts, plugins/pages.ts).
     */
    cspNonce: string;
  }
}

/** Origins the Flutterwave checkout needs: its script, its payment frame and its calls. */
export interface PaymentOrigins {
  script: string[];
  frame: string[];
  connect: string[];
}

/** The origins to allow for Flutterwave's inline checkout loaded from `checkoutScriptUrl`. */
export function paymentOrigins(checkoutScriptUrl: string): PaymentOrigins {
  const script = new URL(checkoutScriptUrl).origin;
  const flutterwave = ['https://*.flutterwave.com', 'https://*.f4b-flutterwave.com'];
  return { script: [script], frame: [script, ...flutterwave], connect: [script, ...flutterwave] };
}

/**
 * Security headers on every response. HSTS and upgrade-insecure-requests only when the app is
 * served over TLS (they blank the page on plain http). No CORS plugin: other origins get no
 * Access-Control-Allow-Origin, so browsers refuse their reads.
 */
export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      https: boolean;
      payments?: PaymentOrigins | undefined;
      /** Absolute URL of the CSP report endpoint (report-uri and the report-to group). */
      reportUrl?: string | undefined;
      /** The report-to group name the Reporting-Endpoints header defines. */
      reportGroup?: string | undefined;
    },
  ) => {
    const { reportUrl, reportGroup = 'csp-endpoint' } = opts;
    // Browsers read Reporting-Endpoints only over https, and with report-to in the policy they
    // ignore report-uri: on plain http (development, the e2e stack) only report-uri is sent.
    const reportTo = Boolean(reportUrl) && opts.https;
    if (reportUrl && reportTo) {
      // The Reporting API (report-to) reads its endpoints from this header, on every response.
      const endpoints = `${reportGroup}="${reportUrl}"`;
      app.addHook('onRequest', async (_request, reply) => {
        reply.header('reporting-endpoints', endpoints);
      });
    }
    // Each response's nonce, for the policy's `script-src` (read by helmet as it writes it).
    const nonces = new WeakMap<ServerResponse, string>();
    app.decorateReply('cspNonce', '');
    // The middleware is built once: @fastify/helmet built it again on every request (parsing the
    // policy each time, about 15 % of a cheap request's CPU under load).
    const setSecurityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // Inline scripts only with this response's nonce; never 'unsafe-inline' (ADR 045).
          scriptSrc: [
            "'self'",
            ...(opts.payments?.script ?? []),
            (_req, res) => `'nonce-${nonces.get(res) ?? ''}'`,
          ],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...(opts.payments?.connect ?? [])],
          ...(opts.payments ? { frameSrc: ["'self'", ...opts.payments.frame] } : {}),
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
          // Browsers with the Reporting API use report-to; the others report-uri.
          // Relative, so a page served under another name than APP_ORIGIN (127.0.0.1 for
          // localhost, a second domain) still reports to its own origin.
          ...(reportUrl ? { reportUri: [new URL(reportUrl).pathname] } : {}),
          ...(reportTo ? { reportTo: [reportGroup] } : {}),
        },
      },
      strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      reply.cspNonce = randomBytes(16).toString('base64');
      nonces.set(reply.raw, reply.cspNonce);
      setSecurityHeaders(request.raw, reply.raw, () => done());
    });
  },
  { name: 'security' },
);
