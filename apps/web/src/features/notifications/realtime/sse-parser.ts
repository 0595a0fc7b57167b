/** One dispatched Server-Sent Event (HTML Living Standard, "Interpreting an event stream"). */
export interface ServerSentEvent {
  /** The `event:` field, 'message' when absent. */
  type: string;
  /** The `data:` lines joined with '\n'. */
  data: string;
  /** The last `id:` seen so far on this stream ('' when none). */
  lastEventId: string;
}

export interface SseParser {
  /** Feeds decoded text; complete events are dispatched as soon as their blank line arrives. */
  push: (text: string) => void;
}

/**
 * An incremental parser of `text/event-stream`: lines may end in CRLF, LF or CR and may be split
 * across chunks anywhere; `:` lines are comments (heartbeats); an event without data is not
 * dispatched; `retry:` is reported when it is a plain number. An unfinished event at the end of
 * the stream is dropped, as the standard says.
 */
export function createSseParser(handlers: {
  onEvent: (event: ServerSentEvent) => void;
  onRetry?: (milliseconds: number) => void;
}): SseParser {
  let started = false;
  let pending = '';
  let skipLineFeed = false;
  let eventType = '';
  let data = '';
  let hasData = false;
  let lastEventId = '';

  const dispatch = () => {
    if (hasData) {
      handlers.onEvent({ type: eventType || 'message', data: data.slice(0, -1), lastEventId });
    }
    eventType = '';
    data = '';
    hasData = false;
  };

  const processLine = (line: string) => {
    if (line === '') {
      dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        data += `${value}\n`;
        hasData = true;
        break;
      case 'id':
        if (!value.includes('\u0000')) lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) handlers.onRetry?.(Number(value));
        break;
      default:
      // Unknown fields are ignored.
    }
  };

  return {
    push(text) {
      let chunk = text;
      if (!started && chunk.length > 0) {
        started = true;
        if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      }
      let start = 0;
      for (let index = 0; index < chunk.length; index += 1) {
        const char = chunk[index];
        if (skipLineFeed) {
          skipLineFeed = false;
          if (char === '\n') {
            start = index + 1;
            continue;
          }
        }
        if (char === '\r' || char === '\n') {
          processLine(pending + chunk.slice(start, index));
          pending = '';
          skipLineFeed = char === '\r';
          start = index + 1;
        }
      }
      pending += chunk.slice(start);
    },
  };
}
