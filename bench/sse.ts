// `npm run sse -w @selah/bench`: quality guide P7. Many open notification streams (Server-Sent
// Events) held while a read route is measured, and the delay from a write to its notification
// arriving on every stream of the recipient. See bench/README.md.
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SeedLayout } from '../apps/server/src/db/seed.ts';
import { runLoad, type LoadResult } from './lib/load.ts';
import { SIZES } from './lib/options.ts';
import { type Child, rssMb } from './lib/processes.ts';
import { benchScript, DB_OPTION } from './lib/script.ts';
import { startBenchServer } from './lib/server.ts';
import { pickUsers, type SignedInUser, signInOverHttp } from './lib/users.ts';

const { values: args } = parseArgs({
  options: {
    ...DB_OPTION,
    streams: { type: 'string', default: '2000' },
    users: { type: 'string', default: '200' },
    hold: { type: 'string', default: '30' },
    events: { type: 'string', default: '100' },
  },
});
const { db, outDir, runId, log, prepareSmall } = benchScript('sse', args.db);
const STREAMS = Number(args.streams);
const USERS = Number(args.users);
const HOLD_S = Number(args.hold);
const EVENTS = Number(args.events);

/** Targets from quality.md P7. */
const TARGETS = { rssGrowthMb: 40, fanOutP99Ms: 250, heartbeatS: 30, latencyRatio: 1.5 };

interface Stream {
  user: SignedInUser;
  request: http.ClientRequest;
  /** Notification id -> when this stream received it (performance.now()). */
  received: Map<string, number>;
  opened: number;
  firstHeartbeat: number | null;
}

/** Opens one notification stream, resolving once the server has sent its first bytes. */
function openStream(baseUrl: string, user: SignedInUser): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/notifications/stream`,
      {
        headers: { authorization: `Bearer ${user.token}`, accept: 'text/event-stream' },
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream of seed${user.n} answered ${res.statusCode}`));
          res.resume();
          return;
        }
        const stream: Stream = {
          user,
          request,
          received: new Map(),
          opened: performance.now(),
          firstHeartbeat: null,
        };
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (event.startsWith(': ping') && stream.firstHeartbeat === null)
              stream.firstHeartbeat = performance.now();
            if (event.includes('event: notification')) {
              const data = /^data: (.*)$/m.exec(event)?.[1];
              const id = data
                ? (JSON.parse(data) as { notification: { _id: string } }).notification._id
                : undefined;
              if (id && !stream.received.has(id)) stream.received.set(id, performance.now());
            }
            end = buffer.indexOf('\n\n');
          }
        });
        res.on('error', () => {});
        resolve(stream);
      },
    );
    request.on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** P2 at normal load: 10 connections on the notification list of random signed-in users. */
function measureReads(server: Child, users: SignedInUser[]): Promise<LoadResult> {
  return runLoad({
    baseUrl: server.url,
    seconds: 10,
    connections: 10,
    next: () => {
      const u = users[Math.floor(Math.random() * users.length)]!;
      return {
        method: 'GET',
        path: '/api/notifications',
        headers: { authorization: `Bearer ${u.token}` },
      };
    },
  });
}

const layout = new SeedLayout(SIZES.small);
const prepared = await prepareSmall();
let server: Child | undefined;
const streams: Stream[] = [];
try {
  server = await startBenchServer({ prepared, label: `${runId}-sse-${db}`, outDir });
  const pid = server.process.pid;
  // Recipients hold the streams; senders (half the ring away, so not yet their friends) send
  // each recipient one friend request, which notifies every stream of the recipient.
  const recipients = await signInOverHttp(server.url, pickUsers(layout, 0, USERS));
  const taken = new Set(recipients.map((u) => u.n));
  const senderOf = (n: number) => ((n - 1 + layout.users / 2) % layout.users) + 1;
  const senders = await signInOverHttp(
    server.url,
    recipients
      .slice(0, EVENTS)
      .map((r) => senderOf(r.n))
      .filter((n) => !taken.has(n))
      .map((n) => ({ n, writer: null })),
  );
  log(`signed in ${recipients.length} recipients and ${senders.length} senders`);

  // The first round warms the server up (JIT, caches, heap); the second is the baseline.
  await measureReads(server, recipients);
  const readsBefore = await measureReads(server, recipients);
  await new Promise((r) => setTimeout(r, 2_000));
  const rssBefore = rssMb(pid);

  const opening = performance.now();
  for (let i = 0; i < STREAMS; i += 100) {
    const batch = Array.from({ length: Math.min(100, STREAMS - i) }, (_, k) =>
      openStream(server!.url, recipients[(i + k) % recipients.length]!),
    );
    streams.push(...(await Promise.all(batch)));
  }
  const openSeconds = (performance.now() - opening) / 1000;
  log(`${streams.length} streams open in ${openSeconds.toFixed(1)} s; holding ${HOLD_S} s`);

  const holdUntil = performance.now() + HOLD_S * 1000;
  const readsDuring = await measureReads(server, recipients);

  // Fan-out: one friend request per recipient; delay = arrival on each of its streams minus
  // the moment the request was sent.
  const delays: number[] = [];
  let missing = 0;
  let failed = 0;
  const byRecipient = new Map<string, Stream[]>();
  for (const s of streams) byRecipient.set(s.user.id, [...(byRecipient.get(s.user.id) ?? []), s]);
  for (const sender of senders) {
    const recipient = recipients.find((r) => senderOf(r.n) === sender.n)!;
    const sent = performance.now();
    const res = await fetch(`${server.url}/api/friends/request/${recipient.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sender.token}` },
    });
    if (!res.ok) {
      failed++;
      continue;
    }
    const mine = byRecipient.get(recipient.id) ?? [];
    const before = new Set(mine.flatMap((s) => [...s.received.keys()]));
    const deadline = performance.now() + 5_000;
    let pending = mine;
    while (pending.length > 0 && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
      pending = pending.filter((s) => ![...s.received.keys()].some((id) => !before.has(id)));
    }
    missing += pending.length;
    for (const s of mine) {
      const arrival = [...s.received.entries()].find(([id]) => !before.has(id))?.[1];
      if (arrival !== undefined) delays.push(arrival - sent);
    }
  }
  const wait = holdUntil - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const rssDuring = rssMb(pid);
  const heartbeats = streams
    .map((s) => (s.firstHeartbeat === null ? null : (s.firstHeartbeat - s.opened) / 1000))
    .filter((x): x is number => x !== null);

  delays.sort((a, b) => a - b);
  const result = {
    runId,
    db,
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadAverage: os.loadavg() },
    streams: streams.length,
    users: recipients.length,
    openSeconds,
    rssMb: { before: rssBefore, during: rssDuring },
    perStreamKb:
      rssBefore !== null && rssDuring !== null
        ? ((rssDuring - rssBefore) * 1024) / streams.length
        : null,
    fanOut: {
      events: senders.length,
      failedWrites: failed,
      deliveries: delays.length,
      missing,
      p50: percentile(delays, 0.5),
      p99: percentile(delays, 0.99),
      max: delays.at(-1) ?? NaN,
    },
    heartbeat: {
      streamsThatSawOne: heartbeats.length,
      firstAfterS: heartbeats.length ? Math.max(...heartbeats) : null,
    },
    reads: { before: readsBefore, during: readsDuring },
  };
  writeFileSync(path.join(outDir, `${runId}-sse-${db}.json`), JSON.stringify(result, null, 2));

  const growth = rssDuring !== null && rssBefore !== null ? rssDuring - rssBefore : NaN;
  const p99Ratio = readsDuring.p99 / Math.max(1, readsBefore.p99);
  const rows: [string, string, string, boolean][] = [
    [
      'server RSS growth',
      `${rssBefore?.toFixed(0)} -> ${rssDuring?.toFixed(0)} MB (+${growth.toFixed(1)} MB, ${result.perStreamKb?.toFixed(1)} KB/stream)`,
      `<= +${TARGETS.rssGrowthMb} MB`,
      growth <= TARGETS.rssGrowthMb,
    ],
    [
      'fan-out delay',
      `p50 ${result.fanOut.p50.toFixed(0)} / p99 ${result.fanOut.p99.toFixed(0)} / max ${result.fanOut.max.toFixed(0)} ms over ${delays.length} deliveries (${missing} missing, ${failed} failed writes)`,
      `p99 <= ${TARGETS.fanOutP99Ms} ms, none missing`,
      result.fanOut.p99 <= TARGETS.fanOutP99Ms && missing === 0 && failed === 0,
    ],
    [
      'heartbeat',
      result.heartbeat.firstAfterS === null
        ? 'none seen (hold longer than 20 s)'
        : `first after <= ${result.heartbeat.firstAfterS.toFixed(1)} s on ${heartbeats.length} streams`,
      `<= ${TARGETS.heartbeatS} s`,
      result.heartbeat.firstAfterS !== null && result.heartbeat.firstAfterS <= TARGETS.heartbeatS,
    ],
    [
      'GET /api/notifications, 10 conn.',
      `without streams ${readsBefore.rps.toFixed(0)} req/s p50 ${readsBefore.p50} / p99 ${readsBefore.p99} ms; with ${readsDuring.rps.toFixed(0)} req/s p50 ${readsDuring.p50} / p99 ${readsDuring.p99} ms (p99 x${p99Ratio.toFixed(2)}; errors ${readsBefore.errors}/${readsDuring.errors})`,
      `p99 <= x${TARGETS.latencyRatio}, 0 errors`,
      p99Ratio <= TARGETS.latencyRatio && readsDuring.errors === 0,
    ],
  ];
  console.log(
    `\nNotification streams (P7), ${db}, ${streams.length} streams of ${recipients.length} users, held ${HOLD_S} s (load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')})`,
  );
  for (const [name, value, target, ok] of rows)
    console.log(`  ${ok ? 'pass' : 'FAIL'}  ${name.padEnd(34)} ${value}  [target ${target}]`);
} finally {
  for (const s of streams) s.request.destroy();
  await server?.stop();
  await prepared.dispose();
}
