/** How long after the page load an early read may still stand in for the app's own request. */
export const EARLY_READ_MAX_AGE_MS = 15_000;

interface EarlyReads {
  token: string;
  startedAt: number;
  reads: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    /** Set by head/early-reads.js (inlined), which runs in <head> before the app. */
    __selahEarlyReads?: EarlyReads;
  }
}

/**
 * The response of a GET that head/early-reads.js (inlined) started for this page before the app's JS
 * had loaded, if there is one for exactly this URL and token: handed out once, then gone.
 * The caller treats it as the answer of its own fetch (errors, 401 and all).
 */
export function takeEarlyRead(url: URL, token: string): Promise<Response> | undefined {
  const early = window.__selahEarlyReads;
  if (!early || url.origin !== window.location.origin) return undefined;
  const key = `${url.pathname}${url.search}`;
  const read = early.reads[key];
  if (!read) return undefined;
  delete early.reads[key];
  if (early.token !== token || Date.now() - early.startedAt > EARLY_READ_MAX_AGE_MS)
    return undefined;
  return read;
}
