import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createSseParser, type ServerSentEvent } from './sse-parser';

function parse(chunks: string[]) {
  const events: ServerSentEvent[] = [];
  const retries: number[] = [];
  const parser = createSseParser({
    onEvent: (event) => events.push(event),
    onRetry: (ms) => retries.push(ms),
  });
  for (const chunk of chunks) parser.push(chunk);
  return { events, retries };
}

/** What the Selah server writes: retry, the unread count, a notification, a heartbeat. */
const SERVER_STREAM =
  'retry: 3000\n\n' +
  'event: unread\ndata: {"unreadCount":2}\n\n' +
  ': ping\n\n' +
  'id: 2026-03-14T10:00:00.000Z_n1\nevent: notification\ndata: {"unreadCount":3}\n\n';

describe('createSseParser', () => {
  it('reads the events, ids and retry of the server stream and skips heartbeats', () => {
    const { events, retries } = parse([SERVER_STREAM]);

    expect(retries).toEqual([3000]);
    expect(events).toEqual([
      { type: 'unread', data: '{"unreadCount":2}', lastEventId: '' },
      {
        type: 'notification',
        data: '{"unreadCount":3}',
        lastEventId: '2026-03-14T10:00:00.000Z_n1',
      },
    ]);
  });

  it('gives the same events however the text is split into chunks', () => {
    const expected = parse([SERVER_STREAM]).events;
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: SERVER_STREAM.length }), { maxLength: 12 }),
        (cuts) => {
          const points = [...new Set(cuts)].sort((a, b) => a - b);
          const chunks = [0, ...points].map((start, index) =>
            SERVER_STREAM.slice(start, points[index] ?? SERVER_STREAM.length),
          );
          expect(parse(chunks).events).toEqual(expected);
        },
      ),
    );
  });

  it('accepts CRLF, CR and LF line ends, also with CRLF split between chunks', () => {
    const { events } = parse(['data: a\r', '\ndata: b\r\r', 'event: x\rdata: c\n\n']);

    expect(events).toEqual([
      { type: 'message', data: 'a\nb', lastEventId: '' },
      { type: 'x', data: 'c', lastEventId: '' },
    ]);
  });

  it('joins data lines, strips one leading space and a byte order mark', () => {
    const { events } = parse(['\uFEFFdata:  two spaces\ndata\ndata:x\n\n']);

    expect(events).toEqual([{ type: 'message', data: ' two spaces\n\nx', lastEventId: '' }]);
  });

  it('keeps the last id for later events and ignores ids with NUL', () => {
    const { events } = parse(['id: 7\ndata: a\n\ndata: b\n\nid: bad\u0000\ndata: c\n\n']);

    expect(events.map((event) => event.lastEventId)).toEqual(['7', '7', '7']);
  });

  it('does not dispatch an event without data, nor an unfinished one at the end', () => {
    const onEvent = vi.fn();
    const parser = createSseParser({ onEvent });

    parser.push('event: unread\n\nid: 1\n\n: comment\n\ndata: unfinished\n');

    expect(onEvent).not.toHaveBeenCalled();
  });

  it('ignores unknown fields and a retry that is not a number', () => {
    const { events, retries } = parse(['foo: bar\nretry: soon\ndata: ok\n\n']);

    expect(retries).toEqual([]);
    expect(events).toEqual([{ type: 'message', data: 'ok', lastEventId: '' }]);
  });
});
