import type { FastifyBaseLogger } from 'fastify';
import type { Services } from './services.ts';

/** How often every process with background workers runs `runHousekeeping`. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The hourly upkeep: expired sessions and sign-in tokens are deleted, pending payments older
 * than a day expire and failed refunds are tried again. Each task runs on its own, so one
 * failing (logged) does not stop the others.
 */
export async function runHousekeeping(services: Services, log: FastifyBaseLogger): Promise<void> {
  const tasks: [string, () => Promise<unknown>][] = [
    ['sessions', () => services.auth.purgeExpired()],
    ['payments', () => services.payments.housekeeping(log)],
  ];
  await Promise.all(
    tasks.map(async ([task, run]) => {
      try {
        await run();
      } catch (error) {
        log.warn({ err: error, task }, 'housekeeping failed');
      }
    }),
  );
}
