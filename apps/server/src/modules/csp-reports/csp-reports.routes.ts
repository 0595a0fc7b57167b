import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { type CspReportBody, CspReportBodySchema } from '@selah/shared/schemas/csp-report';

/** Where browsers send Content-Security-Policy violations (`report-uri` and `report-to`). */
export const CSP_REPORT_PATH = '/api/csp-report';
/** The `report-to` group name, defined by the Reporting-Endpoints header. */
export const CSP_REPORT_GROUP = 'csp-endpoint';
/** A report is well under 4 KiB; a batch of them stays under this. */
export const CSP_REPORT_MAX_BYTES = 64 * 1024;
/** Reports per minute per client address; a page that keeps violating is dropped beyond it. */
export const CSP_REPORT_RATE_LIMIT = 60;
/** At most this many violations of one body are logged. */
const MAX_LOGGED = 10;
const MAX_FIELD = 200;

const REPORT_TYPES = ['application/csp-report', 'application/reports+json'];

/** One violation, as logged: URLs without query string or fragment (they may carry codes). */
export interface CspViolation {
  documentUri?: string;
  directive?: string;
  blockedUri?: string;
  sourceFile?: string;
  line?: number;
  column?: number;
  disposition?: string;
}

/** A URL without query or fragment, and any text, cut to a loggable length. */
function clean(value: string | undefined, isUrl = true): string | undefined {
  if (value === undefined) return undefined;
  const text = isUrl ? value.replace(/[?#].*$/s, '') : value;
  // eslint-disable-next-line no-control-regex -- control characters never reach the log.
  const printable = text.replace(/[\u0000-\u001f\u007f]/g, '');
  return printable.length > MAX_FIELD ? `${printable.slice(0, MAX_FIELD)}…` : printable;
}

const position = (value: number | undefined) =>
  value !== undefined && Number.isFinite(value) ? Math.trunc(value) : undefined;

/** The violations in either report format (other Reporting API report types are ignored). */
export function violationsOf(body: CspReportBody): CspViolation[] {
  if (!Array.isArray(body)) {
    const r = body['csp-report'];
    return [
      {
        documentUri: clean(r['document-uri']),
        directive: clean(r['effective-directive'] ?? r['violated-directive'], false),
        blockedUri: clean(r['blocked-uri']),
        sourceFile: clean(r['source-file']),
        line: position(r['line-number']),
        column: position(r['column-number']),
        disposition: clean(r.disposition, false),
      },
    ];
  }
  return body
    .filter((report) => report.type === 'csp-violation' && report.body)
    .map(({ url, body: r = {} }) => ({
      documentUri: clean(r.documentURL ?? url),
      directive: clean(r.effectiveDirective, false),
      blockedUri: clean(r.blockedURL),
      sourceFile: clean(r.sourceFile),
      line: position(r.lineNumber),
      column: position(r.columnNumber),
      disposition: clean(r.disposition, false),
    }));
}

/**
 * POST /api/csp-report: no session (browsers send reports without credentials), size-capped and
 * rate-limited per address. Each violation is logged at warn with the request id; the body is
 * never echoed (only the few fields above, cut short). Always 204 for a well-formed report.
 */
export const cspReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    REPORT_TYPES,
    { parseAs: 'string', bodyLimit: CSP_REPORT_MAX_BYTES },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.post(
    '/csp-report',
    {
      bodyLimit: CSP_REPORT_MAX_BYTES,
      config: { rateLimit: { max: CSP_REPORT_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        tags: ['security'],
        operationId: 'reportCspViolations',
        summary: 'Report Content-Security-Policy violations',
        description: 'Sent by browsers (report-uri and report-to), without credentials.',
        body: CspReportBodySchema,
        response: { 204: z.null(), 400: ApiErrorSchema, 413: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const violations = violationsOf(request.body);
      for (const violation of violations.slice(0, MAX_LOGGED)) {
        request.log.warn({ event: 'csp_violation', ip: request.ip, ...violation }, 'CSP violation');
      }
      if (violations.length > MAX_LOGGED) {
        request.log.warn(
          { event: 'csp_violation', ip: request.ip, dropped: violations.length - MAX_LOGGED },
          'CSP violations not logged',
        );
      }
      reply.header('cache-control', 'no-store');
      return reply.status(204).send(null);
    },
  );
};
