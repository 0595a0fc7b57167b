import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FakeFlutterwave } from './fake-flutterwave.ts';
import type { MailServer } from './mail-server.ts';
import type { OidcProvider, OidcScenario } from './oidc-provider.ts';
import type { PushService } from './push-service.ts';
import { closeNow, listen } from './listen.ts';

const SCENARIO_KINDS = new Set<OidcScenario['kind']>([
  'login',
  'cancel',
  'provider-error',
  'bad-token',
]);

function isScenario(value: unknown): value is OidcScenario {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return false;
  const kind = value.kind as OidcScenario['kind'];
  if (!SCENARIO_KINDS.has(kind)) return false;
  if (kind !== 'login' && kind !== 'bad-token') return true;
  return (
    'claims' in value &&
    typeof value.claims === 'object' &&
    value.claims !== null &&
    'sub' in value.claims &&
    typeof value.claims.sub === 'string'
  );
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

/**
 * Test-only HTTP endpoints of the stack:
 * - `GET /health`
 * - `GET /mails?to=<address>`: mails received for that address (all without `to`), oldest first
 * - `GET /pushes/<id>`: Web Push messages the local push service received for the subscription
 *   endpoint `/push/<id>`, oldest first, still encrypted (see push-service.ts)
 * - `POST /oidc/scenarios` `{ key?, scenario }`: with `key`, the scenario for browsers carrying
 *   that scenario cookie; without, a one-shot scenario for the next sign-in without one
 * - `DELETE /oidc/scenarios/<key>`
 * - `/flutterwave/...`: the stand-in for Flutterwave (see fake-flutterwave.ts)
 */
export async function startControlServer(
  host: string,
  port: number,
  deps: {
    mail: MailServer;
    oidc: OidcProvider;
    push: PushService;
    flutterwave?: FakeFlutterwave;
  },
): Promise<{ stop(): Promise<void> }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    const handle = async () => {
      if (deps.flutterwave && (await deps.flutterwave.handle(req, res, url.pathname))) return;
      if (req.method === 'GET' && url.pathname === '/health')
        return send(res, 200, { status: 'ok' });
      if (req.method === 'GET' && url.pathname === '/mails') {
        const to = url.searchParams.get('to')?.toLowerCase();
        return send(
          res,
          200,
          to ? deps.mail.mails.filter((m) => m.to.includes(to)) : deps.mail.mails,
        );
      }
      const pushId = /^\/pushes\/([^/]+)$/.exec(url.pathname)?.[1];
      if (req.method === 'GET' && pushId) {
        return send(res, 200, deps.push.received.get(decodeURIComponent(pushId)) ?? []);
      }
      if (req.method === 'POST' && url.pathname === '/oidc/scenarios') {
        const body = await readJson(req);
        if (
          typeof body !== 'object' ||
          body === null ||
          !('scenario' in body) ||
          !isScenario(body.scenario)
        ) {
          return send(res, 400, { message: 'expected { key?: string, scenario: OidcScenario }' });
        }
        if ('key' in body && typeof body.key === 'string' && body.key) {
          deps.oidc.setScenario(body.key, body.scenario);
        } else {
          deps.oidc.queueScenario(body.scenario);
        }
        return send(res, 204);
      }
      const scenarioKey = /^\/oidc\/scenarios\/([^/]+)$/.exec(url.pathname)?.[1];
      if (req.method === 'DELETE' && scenarioKey) {
        deps.oidc.clearScenario(decodeURIComponent(scenarioKey));
        return send(res, 204);
      }
      return send(res, 404, { message: `no route ${req.method ?? ''} ${url.pathname}` });
    };
    handle().catch((error: unknown) => send(res, 500, { message: String(error) }));
  });
  await listen(server, port, host);
  return {
    stop: () => closeNow(server),
  };
}
