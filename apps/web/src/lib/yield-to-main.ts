/**
 * Resolves in a later task, so the browser can handle input and paint between two pieces of
 * work: each piece is a task of its own instead of one long task (issue 7's TBT; ADR 032).
 * `scheduler.yield()` where the browser has it (the continuation goes before other queued
 * tasks), else a zero-delay timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
