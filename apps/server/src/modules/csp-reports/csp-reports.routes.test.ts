import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, randomIp, type TestApp } from '../../../test/build-test-app.ts';
import { loggerOptions } from '../../app.ts';
import {
  CSP_REPORT_GROUP,
  CSP_REPORT_MAX_BYTES,
  CSP_REPORT_PATH,
  CSP_REPORT_RATE_LIMIT,
} from './csp-reports.routes.ts';

const ORIGIN = 'http://localhost:3000';
const lines: string[] = [];
let t: TestApp;

interface LogLine {
  level: number;
  msg: string;
  event?: string;
  reqId?: string;
  ip?: string;
  documentUri?: string;
  directive?: string;
  blockedUri?: string;
  sourceFile?: string;
  line?: number;
  dropped?: number;
}
const violations = () =>
  lines.map((l) => JSON.parse(l) as LogLine).filter((l) => l.event === 'csp_violation');

beforeAll(async () => {
  const options = loggerOptions('info') as Record<string, unknown>;
  t = await buildTestApp({
    env: { RATE_LIMIT_MAX: '100000' },
    logger: { ...options, stream: { write: (line: string) => lines.push(line) } },
  });
});
afterAll(() => t?.close());
beforeEach(() => {
  lines.length = 0;
});

const legacy = (overrides: Record<string, unknown> = {}) => ({
  'csp-report': {
    'document-uri': `${ORIGIN}/reset-password?token=do-not-log-me#frag`,
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'; script-src 'self'",
    disposition: 'enforce',
    'blocked-uri': 'inline',
    'line-number': 12,
    'column-number': 3,
    'source-file': `${ORIGIN}/assets/index.js?v=1`,
    'status-code': 200,
    'script-sample': 'alert(1)',
    ...overrides,
  },
});

const reportingApi = (n = 1) =>
  Array.from({ length: n }, (_, i) => ({
    type: 'csp-violation',
    age: 10,
    url: `${ORIGIN}/journal/${i}?code=do-not-log-me`,
    user_agent: 'Mozilla/5.0',
    body: {
      documentURL: `${ORIGIN}/journal/${i}?code=do-not-log-me`,
      effectiveDirective: 'img-src',
      blockedURL: 'https://evil.example/x.png?session=do-not-log-me',
      disposition: 'enforce',
      originalPolicy: "default-src 'self'",
      statusCode: 200,
      sample: '',
    },
  }));

function post(body: string, type: string, ip = randomIp()) {
  return t.app.inject({
    method: 'POST',
    url: CSP_REPORT_PATH,
    remoteAddress: ip,
    headers: { 'content-type': type },
    payload: body,
  });
}

describe('the Content-Security-Policy names the report endpoint', () => {
  it('over http: report-uri only (browsers ignore Reporting-Endpoints there, and report-uri beside report-to)', async () => {
    for (const url of ['/api/health', '/some/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain(`report-uri ${CSP_REPORT_PATH}`);
      expect(csp, url).not.toContain('report-to');
      expect(res.headers['reporting-endpoints'], url).toBeUndefined();
    }
  });

  it('over https: report-uri, report-to and its Reporting-Endpoints header', async () => {
    const secure = await buildTestApp({ env: { APP_ORIGIN: 'https://selah.example' } });
    try {
      for (const url of ['/api/health', '/some/page']) {
        const res = await secure.app.inject({ method: 'GET', url });
        const csp = String(res.headers['content-security-policy']);
        expect(csp, url).toContain(`report-uri ${CSP_REPORT_PATH}`);
        expect(csp, url).toContain(`report-to ${CSP_REPORT_GROUP}`);
        expect(res.headers['reporting-endpoints'], url).toBe(
          `${CSP_REPORT_GROUP}="https://selah.example${CSP_REPORT_PATH}"`,
        );
      }
    } finally {
      await secure.close();
    }
  });
});

describe('POST /api/csp-report', () => {
  it('takes a report-uri report without a session, answers 204 and logs it at warn', async () => {
    const res = await post(JSON.stringify(legacy()), 'application/csp-report');
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const logged = violations();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 40,
      msg: 'CSP violation',
      documentUri: `${ORIGIN}/reset-password`,
      directive: 'script-src-elem',
      blockedUri: 'inline',
      sourceFile: `${ORIGIN}/assets/index.js`,
      line: 12,
    });
    expect(logged[0]!.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.join('\n')).not.toContain('do-not-log-me');
    // Neither the policy nor the script sample is echoed into the log.
    expect(lines.join('\n')).not.toContain('alert(1)');
    expect(lines.join('\n')).not.toContain("default-src 'self'");
  });

  it('takes a Reporting API batch, logging only its CSP violations', async () => {
    const batch = [
      ...reportingApi(2),
      { type: 'deprecation', url: `${ORIGIN}/`, body: { id: 'x', message: 'old' } },
    ];
    const res = await post(JSON.stringify(batch), 'application/reports+json');
    expect(res.statusCode, res.body).toBe(204);
    const logged = violations();
    expect(logged.map((l) => [l.documentUri, l.directive, l.blockedUri])).toEqual([
      [`${ORIGIN}/journal/0`, 'img-src', 'https://evil.example/x.png'],
      [`${ORIGIN}/journal/1`, 'img-src', 'https://evil.example/x.png'],
    ]);
    expect(new Set(logged.map((l) => l.reqId)).size).toBe(1);
    expect(lines.join('\n')).not.toContain('do-not-log-me');
  });

  it('logs at most 10 violations of one body, and how many it left out', async () => {
    const res = await post(JSON.stringify(reportingApi(25)), 'application/reports+json');
    expect(res.statusCode).toBe(204);
    const logged = violations();
    expect(logged.filter((l) => l.directive)).toHaveLength(10);
    expect(logged.find((l) => l.dropped !== undefined)?.dropped).toBe(15);
  });

  it('cuts long fields and control characters short in the log', async () => {
    const long = `https://evil.example/${'a'.repeat(5_000)}`;
    const res = await post(
      JSON.stringify(legacy({ 'blocked-uri': long, 'effective-directive': 'img-src\n\u001bX' })),
      'application/csp-report',
    );
    expect(res.statusCode).toBe(204);
    const [logged] = violations();
    expect(logged!.blockedUri!.length).toBeLessThanOrEqual(201);
    expect(logged!.directive).toBe('img-srcX');
    expect(lines.join('\n').length).toBeLessThan(3_000);
  });

  it('refuses what is not a report: bad JSON, other shapes, other types, too big', async () => {
    const ip = randomIp();
    expect((await post('{"csp-report":', 'application/csp-report', ip)).statusCode).toBe(400);
    expect((await post('{"hello":"world"}', 'application/csp-report', ip)).statusCode).toBe(400);
    expect((await post('"just text"', 'application/reports+json', ip)).statusCode).toBe(400);
    expect((await post(JSON.stringify(legacy()), 'text/plain', ip)).statusCode).toBe(400);
    const huge = JSON.stringify(legacy({ 'blocked-uri': 'x'.repeat(CSP_REPORT_MAX_BYTES) }));
    for (const type of ['application/csp-report', 'application/reports+json', 'application/json']) {
      const res = await post(huge, type, ip);
      expect(res.statusCode, type).toBe(413);
      expect(res.body.length, type).toBeLessThan(500);
    }
    expect(violations()).toEqual([]);
    // Nothing of the refused bodies reaches the log either.
    expect(lines.join('\n')).not.toContain('xxxxxxxxxx');
  });

  it(`rate-limits each address to ${CSP_REPORT_RATE_LIMIT} reports a minute`, async () => {
    const ip = randomIp();
    const body = JSON.stringify(legacy());
    for (let i = 0; i < CSP_REPORT_RATE_LIMIT; i++) {
      const res = await post(body, 'application/csp-report', ip);
      expect(res.statusCode, `report ${i + 1}`).toBe(204);
    }
    const limited = await post(body, 'application/csp-report', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await post(body, 'application/csp-report', randomIp())).statusCode).toBe(204);
    expect(violations()).toHaveLength(CSP_REPORT_RATE_LIMIT + 1);
  });
});
