/** Spec-2 §7: the payment provider's script gets up to 3 attempts, 1 second apart. */
export const SCRIPT_ATTEMPTS = 3;
export const SCRIPT_RETRY_DELAY_MS = 1000;

export interface LoadScriptOptions {
  /** True once what the script defines is there; checked before loading and after each load. */
  isReady?: () => boolean;
  attempts?: number;
  retryDelayMs?: number;
}

const inFlight = new Map<string, Promise<void>>();

function attempt(src: string, isReady: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.loadScript = src;
    const fail = () => {
      // A failed tag goes, so the next attempt starts clean and nothing half-loaded stays.
      script.remove();
      reject(new Error(`Could not load ${src}`));
    };
    script.addEventListener('load', () => (isReady() ? resolve() : fail()), { once: true });
    script.addEventListener('error', fail, { once: true });
    document.head.append(script);
  });
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function load(src: string, options: Required<LoadScriptOptions>): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      await attempt(src, options.isReady);
      return;
    } catch (error) {
      if (tries >= options.attempts) throw error;
      await wait(options.retryDelayMs);
    }
  }
}

/**
 * Loads a third-party script with a `<script>` tag: up to `attempts` tries, `retryDelayMs`
 * apart, removing a failed tag before the next. Resolves at once when `isReady` already holds;
 * callers asking for the same script while it loads share one attempt.
 */
export function loadScript(src: string, options: LoadScriptOptions = {}): Promise<void> {
  const settings: Required<LoadScriptOptions> = {
    isReady: options.isReady ?? (() => true),
    attempts: options.attempts ?? SCRIPT_ATTEMPTS,
    retryDelayMs: options.retryDelayMs ?? SCRIPT_RETRY_DELAY_MS,
  };
  if (options.isReady?.()) return Promise.resolve();
  const pending = inFlight.get(src);
  if (pending) return pending;
  const promise = load(src, settings).finally(() => inFlight.delete(src));
  inFlight.set(src, promise);
  return promise;
}
