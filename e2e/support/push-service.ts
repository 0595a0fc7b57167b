import { createServer } from 'node:https';
import selfsigned from 'selfsigned';
import { closeNow, listen } from './listen.ts';

/** A Web Push message the local push service accepted, as the control endpoint returns it. */
export interface ReceivedPush {
  /** The `Content-Encoding` the sender declared (`aes128gcm` for RFC 8291). */
  encoding: string;
  /** `TTL` and `Urgency` as sent. */
  ttl: string;
  urgency: string;
  /** The encrypted body, base64url: only the subscriber's private key opens it. */
  body: string;
  receivedAt: string;
}

export interface PushService {
  /** Messages per subscription id (the last segment of the endpoint), oldest first. */
  received: Map<string, ReceivedPush[]>;
  stop(): Promise<void>;
}

/** Longest message body kept: a push service takes 4 KiB of payload (RFC 8030 §7.2). */
const MAX_BODY = 8 * 1024;

/**
 * A stand-in for a browser vendor's push service, on loopback: `POST /push/<id>` keeps the raw
 * encrypted body under `<id>` and answers 201 Created, as RFC 8030 says. It speaks https (the
 * app's `web-push` sends nothing else) with a self-signed certificate, which the app trusts only
 * with PUSH_ALLOW_INSECURE_ENDPOINTS (set by the stack; refused in production).
 */
export async function startPushService(host: string, port: number): Promise<PushService> {
  const received = new Map<string, ReceivedPush[]>();
  const pems = await selfsigned.generate([{ name: 'commonName', value: host }]);
  const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const id = /^\/push\/([A-Za-z0-9_-]{1,100})$/.exec(req.url ?? '')?.[1];
    if (req.method !== 'POST' || !id) {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY) {
        res.writeHead(413).end();
        return;
      }
      const list = received.get(id) ?? [];
      list.push({
        encoding: req.headers['content-encoding'] ?? '',
        ttl: String(req.headers.ttl ?? ''),
        urgency: String(req.headers.urgency ?? ''),
        body: Buffer.concat(chunks).toString('base64url'),
        receivedAt: new Date().toISOString(),
      });
      received.set(id, list);
      res.writeHead(201, { location: `/message/${id}/${list.length}` }).end();
    });
  });
  await listen(server, port, host);
  return {
    received,
    stop: () => closeNow(server),
  };
}
