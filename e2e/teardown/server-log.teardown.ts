// Runs after every journey of the run (the `server-log` teardown project of the Playwright
// config): the app's whole log, as the stack wrote it, must hold no password, token or card
// detail, and no page may have violated the Content-Security-Policy.
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E_PASSWORDS } from '../support/api.ts';
import { FLUTTERWAVE_SECRET_KEY, FLUTTERWAVE_WEBHOOK_HASH } from '../support/fake-flutterwave.ts';
import { CSP_CONTROL_MARKER, type KnownSecret, linkTokens, scanLog } from '../support/log-scan.ts';
import type { ReceivedMail } from '../support/mail-server.ts';
import { CONTROL_URL, GOOGLE_CLIENT_SECRET, SERVER_LOG_FILE } from '../support/settings.ts';

function readLog(): string {
  expect(existsSync(SERVER_LOG_FILE), `the stack writes the server log to ${SERVER_LOG_FILE}`).toBe(
    true,
  );
  return readFileSync(SERVER_LOG_FILE, 'utf8');
}

test('the server log of the run holds no password, token or card number', async () => {
  const log = readLog();
  const mails = (await (await fetch(`${CONTROL_URL}/mails`)).json()) as ReceivedMail[];
  const known: KnownSecret[] = [
    ...E2E_PASSWORDS.map((value) => ({ kind: 'password', value })),
    ...mails.flatMap((m) =>
      linkTokens(`${m.text}\n${m.html}`).map((value) => ({ kind: 'token from a mail', value })),
    ),
    { kind: 'Flutterwave secret key', value: FLUTTERWAVE_SECRET_KEY },
    { kind: 'Flutterwave webhook hash', value: FLUTTERWAVE_WEBHOOK_HASH },
    { kind: 'Google client secret', value: GOOGLE_CLIENT_SECRET },
  ];
  const findings = scanLog(log, known);
  const lines = log.split('\n').length;
  console.info(
    `[server-log] ${lines} lines scanned for ${known.length} known secrets and the shapes of JWTs, Authorization values and card numbers: ${findings.length} findings`,
  );
  expect(
    findings.map((f) => `${SERVER_LOG_FILE}:${f.line}: ${f.kind}: ${f.redacted}`),
    'secrets in the server log',
  ).toEqual([]);
  // The scan read a real run: the app logged every request (info) while the journeys ran.
  expect(log.includes('"msg":"incoming request"'), 'the log holds the requests of the run').toBe(
    true,
  );
});

test('no page of the run violated the Content-Security-Policy', () => {
  const violations = readLog()
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.includes('"event":"csp_violation"'))
    .filter(({ line }) => !line.includes(CSP_CONTROL_MARKER));
  expect(violations.map((v) => `${SERVER_LOG_FILE}:${v.number}: ${v.line.slice(0, 300)}`)).toEqual(
    [],
  );
});

test('the server never stopped during the run (npm start would have started it again)', () => {
  const stops = readLog()
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    // A stop asked for (the stack's provisioning start, the end of the run) is followed by
    // "stopped"; one nobody asked for by a restart, a crash loop's or a full disk's message.
    .filter(({ line }) =>
      /^Selah (supervisor: (starting it again|the server stopped|the disk)|watchdog:)/.test(line),
    );
  expect(stops.map((s) => `${SERVER_LOG_FILE}:${s.number}: ${s.line.slice(0, 300)}`)).toEqual([]);
});
