import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadScript } from './load-script';

const SRC = 'https://checkout.example.test/v3.js';

/** The script tags the loader added for SRC. */
const tags = () =>
  [...document.head.querySelectorAll('script')].filter((script) => script.src === SRC);

/** Answers each new tag for SRC with `outcome(n)` ('load' or 'error'), n counting from 1. */
function answerScripts(outcome: (attempt: number) => 'load' | 'error') {
  let attempts = 0;
  const times: number[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLScriptElement) || node.src !== SRC) continue;
        attempts += 1;
        times.push(Date.now());
        const event = outcome(attempts);
        queueMicrotask(() => node.dispatchEvent(new Event(event)));
      }
    }
  });
  observer.observe(document.head, { childList: true });
  return {
    attempts: () => attempts,
    times,
    stop: () => observer.disconnect(),
  };
}

describe('loadScript', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const script of tags()) script.remove();
  });

  it('tries 3 times, 1 second apart, removing each failed tag, then gives up', async () => {
    const scripts = answerScripts(() => 'error');
    const result = loadScript(SRC);
    const settled = vi.fn();
    result.catch(settled);

    await vi.advanceTimersByTimeAsync(0);
    expect(scripts.attempts()).toBe(1);
    expect(tags()).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(999);
    expect(scripts.attempts()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(scripts.attempts()).toBe(2);
    expect(tags()).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1000);
    expect(scripts.attempts()).toBe(3);
    await expect(result).rejects.toThrow(`Could not load ${SRC}`);
    expect(tags()).toHaveLength(0);

    // No fourth attempt.
    await vi.advanceTimersByTimeAsync(5000);
    expect(scripts.attempts()).toBe(3);
    expect(scripts.times.map((time) => time - scripts.times[0]!)).toEqual([0, 1000, 2000]);
    scripts.stop();
  });

  it('succeeds on a later attempt and keeps that tag', async () => {
    const scripts = answerScripts((attempt) => (attempt < 3 ? 'error' : 'load'));
    const result = loadScript(SRC);

    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toBeUndefined();
    expect(scripts.attempts()).toBe(3);
    expect(tags()).toHaveLength(1);
    scripts.stop();
  });

  it('counts a script that loads without defining what it should as a failure', async () => {
    const scripts = answerScripts(() => 'load');
    const result = loadScript(SRC, { isReady: () => false });
    const failed = expect(result).rejects.toThrow();

    await vi.advanceTimersByTimeAsync(2000);
    await failed;
    expect(scripts.attempts()).toBe(3);
    expect(tags()).toHaveLength(0);
    scripts.stop();
  });

  it('adds no tag when the script is already there, and shares one load between callers', async () => {
    const scripts = answerScripts(() => 'load');
    await loadScript(SRC, { isReady: () => true });
    expect(scripts.attempts()).toBe(0);

    const first = loadScript(SRC);
    const second = loadScript(SRC);
    expect(second).toBe(first);
    await vi.advanceTimersByTimeAsync(0);
    await first;
    expect(scripts.attempts()).toBe(1);
    scripts.stop();
  });
});
