import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { reconnectDelay, startEventStream, type EventStreamOptions } from './event-stream';
import type { ServerSentEvent } from './sse-parser';

interface Connection {
  lastEventId: string | null;
  signal: AbortSignal;
  send: (text: string) => void;
  end: () => void;
}

type Plan = 'open' | Error | (() => Response);

/** A fake server: each connection follows the next plan (default: an open stream). */
function fakeServer(plans: Plan[] = []) {
  const connections: Connection[] = [];
  const connect = vi.fn<EventStreamOptions['connect']>(({ signal, lastEventId }) => {
    const plan = plans.shift() ?? 'open';
    if (plan instanceof Error) return Promise.reject(plan);
    if (typeof plan === 'function') return Promise.resolve(plan());
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c;
      },
    });
    let open = true;
    const end = () => {
      if (open) controller.close();
      open = false;
    };
    signal.addEventListener('abort', () => {
      if (open) controller.error(new DOMException('Aborted', 'AbortError'));
      open = false;
    });
    connections.push({
      lastEventId,
      signal,
      send: (text) => controller.enqueue(encoder.encode(text)),
      end,
    });
    return Promise.resolve(
      new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } }),
    );
  });
  return { connect, connections };
}

const unavailable = () =>
  new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Down for maintenance.' });

/** Lets the stream's promises run (reads, reconnect decisions) without moving the clock. */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 30 s, with ±20 % jitter', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 40].map((n) => reconnectDelay(n, { random: middle }))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(reconnectDelay(0, { random: () => 0 })).toBe(800);
    expect(reconnectDelay(0, { random: () => 1 })).toBe(1200);
    expect(reconnectDelay(10, { random: () => 1 })).toBe(30000);
  });
});

describe('startEventStream', () => {
  const events: ServerSentEvent[] = [];
  beforeEach(() => {
    events.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const start = (connect: EventStreamOptions['connect'], extra: Partial<EventStreamOptions> = {}) =>
    startEventStream({
      connect,
      onEvent: (event) => events.push(event),
      random: () => 0.5,
      ...extra,
    });

  it('delivers the events of the stream and remembers the last id', async () => {
    const server = fakeServer();
    const stream = start(server.connect);
    await flush();

    server.connections[0]!.send('retry: 3000\n\nevent: unread\ndata: {"unreadCount":1}\n\n');
    server.connections[0]!.send('id: p1\nevent: notification\ndata: {}\n\n: ping\n\n');
    await flush();

    expect(events.map((event) => event.type)).toEqual(['unread', 'notification']);
    expect(stream.lastEventId()).toBe('p1');
    expect(server.connections[0]!.lastEventId).toBeNull();
    stream.close();
  });

  it('resumes after the server ends the stream, sending Last-Event-ID', async () => {
    const server = fakeServer();
    const stream = start(server.connect, { lastEventId: 'p0' });
    await flush();
    expect(server.connections[0]!.lastEventId).toBe('p0');

    server.connections[0]!.send('id: p7\nevent: notification\ndata: {}\n\n');
    server.connections[0]!.end();
    await flush();
    expect(server.connect).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(999);
    expect(server.connect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.connect).toHaveBeenCalledTimes(2);
    expect(server.connections[1]!.lastEventId).toBe('p7');
    stream.close();
  });

  it('backs off exponentially up to 30 s while the server is unreachable', async () => {
    const server = fakeServer(Array.from({ length: 7 }, unavailable));
    const stream = start(server.connect);
    await flush();

    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const calls = server.connect.mock.calls.length;
      let waited = 0;
      while (server.connect.mock.calls.length === calls) {
        await vi.advanceTimersByTimeAsync(500);
        waited += 500;
      }
      waits.push(waited);
    }

    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    stream.close();
  });

  it('starts the back-off again at 1 s once a connection delivered events', async () => {
    const server = fakeServer([unavailable(), unavailable()]);
    const stream = start(server.connect);
    await vi.advanceTimersByTimeAsync(1000 + 2000);
    expect(server.connect).toHaveBeenCalledTimes(3);

    server.connections[0]!.send('event: unread\ndata: {"unreadCount":0}\n\n');
    server.connections[0]!.end();
    await vi.advanceTimersByTimeAsync(1000);

    expect(server.connect).toHaveBeenCalledTimes(4);
    stream.close();
  });

  it('stops for good on a 401, and says so', async () => {
    const onUnauthorized = vi.fn();
    const server = fakeServer([
      new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: 'Session expired.' }),
    ]);
    start(server.connect, { onUnauthorized });
    await vi.advanceTimersByTimeAsync(60_000);

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(server.connect).toHaveBeenCalledTimes(1);
  });

  it('retries when the answer is not an event stream (a proxy page)', async () => {
    const server = fakeServer([
      () => new Response('<html></html>', { headers: { 'Content-Type': 'text/html' } }),
    ]);
    const stream = start(server.connect);
    await vi.advanceTimersByTimeAsync(1000);

    expect(server.connect).toHaveBeenCalledTimes(2);
    stream.close();
  });

  it('treats 45 s without a byte (not even a heartbeat) as a dead connection', async () => {
    const server = fakeServer();
    const stream = start(server.connect);
    await flush();
    await vi.advanceTimersByTimeAsync(40_000);
    server.connections[0]!.send(': ping\n\n');
    await vi.advanceTimersByTimeAsync(40_000);
    expect(server.connections[0]!.signal.aborted).toBe(false);

    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.connections[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.connect).toHaveBeenCalledTimes(2);
    stream.close();
  });

  it('reconnects at once when the browser comes back online', async () => {
    const server = fakeServer([unavailable(), unavailable(), unavailable()]);
    const stream = start(server.connect);
    await vi.advanceTimersByTimeAsync(1000 + 2000);
    expect(server.connect).toHaveBeenCalledTimes(3);

    window.dispatchEvent(new Event('online'));
    await flush();

    expect(server.connect).toHaveBeenCalledTimes(4);
    stream.close();
  });

  it('closes the connection and never reconnects after close()', async () => {
    const server = fakeServer();
    const stream = start(server.connect);
    await flush();

    stream.close();
    await vi.advanceTimersByTimeAsync(120_000);

    expect(server.connections[0]!.signal.aborted).toBe(true);
    expect(server.connect).toHaveBeenCalledTimes(1);
  });

  it('keeps reading when an event handler throws', async () => {
    const reportError = vi.fn();
    vi.stubGlobal('reportError', reportError);
    const server = fakeServer();
    const seen: string[] = [];
    const stream = startEventStream({
      connect: server.connect,
      onEvent: (event) => {
        seen.push(event.data);
        if (event.data === 'bad') throw new Error('handler bug');
      },
    });
    await flush();

    server.connections[0]!.send('data: bad\n\ndata: good\n\n');
    await flush();

    expect(seen).toEqual(['bad', 'good']);
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ message: 'handler bug' }));
    expect(server.connect).toHaveBeenCalledTimes(1);
    stream.close();
    vi.unstubAllGlobals();
  });
});
