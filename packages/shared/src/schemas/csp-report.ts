import { z } from 'zod';

/**
 * What browsers send to the Content-Security-Policy report endpoint. Browsers add fields over
 * time, so unknown fields are kept (never refused); the known ones are typed.
 */

/** `report-uri`: one violation as `application/csp-report` (CSP level 2). */
export const LegacyCspReportSchema = z.looseObject({
  'csp-report': z.looseObject({
    'document-uri': z.string().optional(),
    referrer: z.string().optional(),
    'violated-directive': z.string().optional(),
    'effective-directive': z.string().optional(),
    'original-policy': z.string().optional(),
    disposition: z.string().optional(),
    'blocked-uri': z.string().optional(),
    'source-file': z.string().optional(),
    'line-number': z.number().optional(),
    'column-number': z.number().optional(),
    'status-code': z.number().optional(),
    'script-sample': z.string().optional(),
  }),
});

/** `report-to`: a batch of reports as `application/reports+json` (the Reporting API). */
export const ReportingApiReportSchema = z.looseObject({
  type: z.string(),
  age: z.number().optional(),
  url: z.string().optional(),
  user_agent: z.string().optional(),
  body: z
    .looseObject({
      documentURL: z.string().optional(),
      referrer: z.string().optional(),
      effectiveDirective: z.string().optional(),
      originalPolicy: z.string().optional(),
      disposition: z.string().optional(),
      blockedURL: z.string().optional(),
      sourceFile: z.string().optional(),
      lineNumber: z.number().optional(),
      columnNumber: z.number().optional(),
      statusCode: z.number().optional(),
      sample: z.string().optional(),
    })
    .optional(),
});

export const CspReportBodySchema = z.union([
  LegacyCspReportSchema,
  z.array(ReportingApiReportSchema).max(100),
]);
export type CspReportBody = z.infer<typeof CspReportBodySchema>;
