import { describe, expect, it, vi } from 'vitest';
import { OpenStreams } from './open-streams.ts';

const logger = { warn: vi.fn() } as unknown as ConstructorParameters<
  typeof OpenStreams
>[0]['logger'];

describe('OpenStreams.checkSessions', () => {
  it('ends the streams of ended sessions, and never one opened while the check was asked', async () => {
    let answer!: (live: Set<string>) => void;
    const streams = new OpenStreams({
      liveSessions: () => new Promise((resolve) => (answer = resolve)),
      logger,
      intervalMs: 60_000,
    });
    const ended = vi.fn();
    const kept = vi.fn();
    const opened = vi.fn();
    const forget = [streams.add('u1', 's-ended', ended), streams.add('u1', 's-live', kept)];

    const check = streams.checkSessions();
    forget.push(streams.add('u1', 's-new', opened));
    answer(new Set(['s-live']));
    await check;

    expect(ended).toHaveBeenCalledTimes(1);
    expect(kept).not.toHaveBeenCalled();
    expect(opened).not.toHaveBeenCalled();
    for (const f of forget) f();
  });
});
