/** A minimal Server-Sent Events reader over fetch (so the Authorization header can be sent). */
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

export interface SseConnection {
  events: SseEvent[];
  comments: string[];
  status: number;
  waitFor: (predicate: (e: SseEvent) => boolean, timeoutMs?: number) => Promise<SseEvent>;
  /** Resolves when the stream has ended (the server closed it, or `close()`). */
  ended: Promise<void>;
  /** Whether the stream has ended. */
  isEnded: () => boolean;
  close: () => void;
}

export async function openSse(
  url: string,
  headers: Record<string, string>,
): Promise<SseConnection> {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let ended = Promise.resolve();
  let isEnded = true;
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    isEnded = false;
    ended = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let index;
          while ((index = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, index);
            buffer = buffer.slice(index + 2);
            const event: SseEvent = { event: 'message', data: '' };
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('id: ')) event.id = line.slice(4);
              else if (line.startsWith('event: ')) event.event = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            event.data = data.join('\n');
            if (data.length > 0 || event.id) events.push(event);
            for (const wake of waiters) wake();
          }
        }
      } catch {
        // aborted
      } finally {
        isEnded = true;
      }
    })();
  }
  return {
    events,
    comments,
    status: res.status,
    waitFor: (predicate, timeoutMs = 2_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    ended,
    isEnded: () => isEnded,
    close: () => controller.abort(),
  };
}
