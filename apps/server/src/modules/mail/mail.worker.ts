import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { MailRow } from '../../db/schema/index.ts';
import { afterCommit } from '../../db/transaction.ts';
import { MailRepository, type OutgoingMail } from './mail.repository.ts';

export const MAX_MAIL_ATTEMPTS = 12;

/**
 * Adds short SMTP timeouts (an outage fails fast) and a small connection pool (a burst of mail
 * reuses connections instead of opening one per message) unless the URL sets its own.
 */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [key, value] of [
    ['connectionTimeout', '5000'],
    ['greetingTimeout', '5000'],
    ['socketTimeout', '10000'],
    ['pool', 'true'],
    ['maxConnections', '2'],
  ] as const) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  return url.href;
}

/** Back-off after the n-th failed attempt: 5 s doubling, at most an hour. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

export interface MailWorkerDeps {
  db: Db;
  smtpUrl?: string | undefined;
  from: string;
  pollMs?: number;
  logger: FastifyBaseLogger;
  /**
   * Without SMTP, write whole mails (reset links included) to the log so a developer can follow
   * them. Off by default and never in production: a reset link in a log is a way into the
   * account (ASVS 16.2.5).
   */
  logBodies?: boolean;
}

/**
 * The mail module: other modules queue mail with `enqueue` inside their transaction (the
 * outbox), and the worker sends it: through SMTP when configured, otherwise by writing each mail
 * to the log (development). Failures are retried with back-off; nothing is lost when SMTP is down.
 */
export class MailWorker {
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  private readonly repo: MailRepository;
  private readonly deps: MailWorkerDeps;

  constructor(deps: MailWorkerDeps) {
    this.deps = deps;
    this.repo = new MailRepository(deps.db);
    this.transport = deps.smtpUrl ? nodemailer.createTransport(withTimeouts(deps.smtpUrl)) : null;
  }

  /** Queues mails in `tx` (the outbox); the worker wakes once it has committed. */
  async enqueue(mails: OutgoingMail[], tx: DbOrTx): Promise<void> {
    if (mails.length === 0) return;
    await this.repo.enqueue(mails, tx);
    afterCommit(tx, () => this.poke());
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Wakes the worker now (after a request enqueued mail). */
  poke(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.transport?.close();
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .then(() => undefined)
        .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'mail outbox poll failed'))
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(this.deps.pollMs ?? 2_000);
        });
    }, ms);
    this.timer.unref();
  }

  /** Sends every due mail; returns how many were handled. */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const batch = await this.repo.claimDue(10, 60_000);
      if (batch.length === 0) return handled;
      for (const mail of batch) {
        await this.deliver(mail);
        handled++;
      }
    }
  }

  private async deliver(mail: MailRow): Promise<void> {
    if (!this.transport) {
      const logBodies = this.deps.logBodies ?? false;
      this.deps.logger[logBodies ? 'info' : 'warn'](
        {
          mailId: mail.id,
          to: mail.to,
          subject: mail.subject,
          ...(logBodies ? { text: mail.text } : {}),
        },
        logBodies
          ? 'mail (no SMTP_URL set: logged, not sent)'
          : 'mail not sent: no SMTP_URL set (the text stays out of the log)',
      );
      await this.repo.markDone(mail.id, 'logged');
      return;
    }
    try {
      await this.transport.sendMail({
        from: this.deps.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
      });
      await this.repo.markDone(mail.id, 'sent');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const next =
        mail.attempts >= MAX_MAIL_ATTEMPTS
          ? null
          : new Date(Date.now() + mailRetryDelayMs(mail.attempts));
      this.deps.logger.warn(
        { mailId: mail.id, attempts: mail.attempts, err: message },
        'mail send failed',
      );
      await this.repo.markFailedAttempt(mail.id, message, next);
    }
  }
}
