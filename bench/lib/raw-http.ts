// HTTP/1.1 over a raw TCP socket: the exact bytes a hostile client sends (any method, header,
// encoding or body), and the first answer that came back within a time bound.
import { connect } from 'node:net';

export interface RawAnswer {
  /** The status of the first final (not 1xx) answer, or 0 when none came. */
  status: number;
  /** The bytes the server sent up to the end of that answer, as latin1 text. */
  text: string;
  /** Milliseconds from the connection to the end of the answer (or the timeout). */
  ms: number;
  /** Why there is no answer: 'timeout', 'closed without an answer', or the socket's error. */
  error?: string;
}

const HEAD_END = '\r\n\r\n';

/**
 * Where the first final answer in `text` ends, or -1 while it is incomplete: 1xx answers are
 * skipped; the body is framed by Content-Length or chunked coding, absent after HEAD or for
 * 204 and 304, and otherwise runs to the end of the connection (-1 until then).
 */
function answerEnd(text: string, headRequest: boolean): { status: number; end: number } {
  let start = 0;
  for (;;) {
    const headEnd = text.indexOf(HEAD_END, start);
    if (headEnd === -1) return { status: 0, end: -1 };
    const head = text.slice(start, headEnd);
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
    const bodyStart = headEnd + HEAD_END.length;
    if (status >= 100 && status < 200) {
      start = bodyStart;
      continue;
    }
    if (headRequest || status === 204 || status === 304) return { status, end: bodyStart };
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    if (length !== undefined) {
      const end = bodyStart + Number(length);
      return { status, end: text.length >= end ? end : -1 };
    }
    if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const last = text.indexOf('\r\n0\r\n\r\n', bodyStart - 2);
      return { status, end: last === -1 ? -1 : last + 7 };
    }
    return { status, end: -1 };
  }
}

/**
 * Sends `head` then `body` on a new connection to 127.0.0.1:`port` and reads the first answer
 * (framed as answerEnd says, or to the close of the connection), within `timeoutMs`. Like a
 * careful client, stops writing the body once an answer has begun.
 */
export function rawRequest(
  port: number,
  head: string | Buffer,
  body: Buffer = Buffer.alloc(0),
  timeoutMs = 5_000,
): Promise<RawAnswer> {
  const started = performance.now();
  const headRequest = /^HEAD /.test(head.toString('latin1', 0, 5));
  return new Promise((resolve) => {
    let text = '';
    let settled = false;
    let offset = 0;
    const socket = connect({ port, host: '127.0.0.1' });
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const { status, end } = answerEnd(text, headRequest);
      // Closed after a complete head: the answer ran to the close (or was cut: still answered).
      const answered = status > 0 && error !== 'timeout';
      resolve({
        status: answered ? status : 0,
        text: end === -1 ? text : text.slice(0, end),
        ms: performance.now() - started,
        ...(answered ? {} : { error: error ?? 'closed without an answer' }),
      });
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (answerEnd(text, headRequest).end !== -1) finish();
    });
    socket.on('close', () => finish());
    socket.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    socket.on('connect', () => {
      socket.write(head);
      // In 64 KiB pieces, each after the previous one drained, until an answer begins.
      const writeMore = () => {
        while (offset < body.length && text.length === 0 && !socket.destroyed) {
          const piece = body.subarray(offset, offset + 65_536);
          offset += piece.length;
          if (!socket.write(piece)) {
            socket.once('drain', writeMore);
            return;
          }
        }
      };
      writeMore();
    });
  });
}
