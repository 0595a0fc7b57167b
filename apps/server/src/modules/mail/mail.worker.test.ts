import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { mailOutbox } from '../../db/schema/index.ts';
import { createTestDb } from '../../../test/test-db.ts';
import type { DbHandle } from '../../db/client.ts';
import { MailRepository } from './mail.repository.ts';
import { MailWorker, mailRetryDelayMs } from './mail.worker.ts';

interface Received {
  to: string;
  subject: string;
  text: string;
}

/** A real local SMTP server that can be told to refuse mail (an outage). */
function startSmtp(): Promise<{
  server: SMTPServer;
  port: number;
  inbox: Received[];
  setDown: (down: boolean) => void;
}> {
  const inbox: Received[] = [];
  let down = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onMailFrom(_address, _session, callback) {
      if (down) {
        const error = new Error('Service unavailable') as Error & { responseCode: number };
        error.responseCode = 421;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push({
            to: String(mail.to && 'text' in mail.to ? mail.to.text : ''),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : 0,
        inbox,
        setDown: (d) => (down = d),
      });
    });
  });
}

let db: DbHandle;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  db = await createTestDb();
  smtp = await startSmtp();
});
afterAll(async () => {
  await db?.close();
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
});

describe('MailWorker', () => {
  it('delivers queued mail through SMTP and marks it sent', async () => {
    const repo = new MailRepository(db.db);
    await repo.enqueue([
      { to: 'deliver@example.test', subject: 'Hello', text: 'Peace be with you' },
    ]);
    const worker = new MailWorker({
      db: db.db,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Selah <no-reply@selah.test>',
      logger,
    });
    expect(await worker.drain()).toBe(1);
    await worker.stop();
    expect(smtp.inbox).toContainEqual({
      to: 'deliver@example.test',
      subject: 'Hello',
      text: expect.stringContaining('Peace be with you'),
    });
    const [row] = await db.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'deliver@example.test'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('keeps mail through an SMTP outage and sends it once SMTP is back', async () => {
    const repo = new MailRepository(db.db);
    await repo.enqueue([{ to: 'outage@example.test', subject: 'Retry me', text: 'x' }]);
    const worker = new MailWorker({
      db: db.db,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'selah@selah.test',
      logger,
    });
    smtp.setDown(true);
    await worker.drain();
    let [row] = await db.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'outage@example.test'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/421|unavailable/i);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: nothing is retried early.
    expect(await worker.drain()).toBe(0);

    smtp.setDown(false);
    await db.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1) })
      .where(eq(mailOutbox.id, row!.id));
    expect(await worker.drain()).toBe(1);
    [row] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'outage@example.test'));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.inbox.filter((m) => m.to === 'outage@example.test')).toHaveLength(1);
    await worker.stop();
  });

  it('logs and keeps mail when no SMTP server is configured', async () => {
    const repo = new MailRepository(db.db);
    await repo.enqueue([{ to: 'logged@example.test', subject: 'Dev', text: 'reset link' }]);
    const worker = new MailWorker({ db: db.db, from: 'selah@selah.test', logger, logBodies: true });
    await worker.drain();
    const [row] = await db.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'logged@example.test'));
    expect(row!.status).toBe('logged');
  });

  it('keeps mail text (reset links) out of the log in production', async () => {
    const repo = new MailRepository(db.db);
    await repo.enqueue([{ to: 'prod@example.test', subject: 'Reset', text: 'token=secret-link' }]);
    const seen: string[] = [];
    const capture = pino({ level: 'info' }, { write: (line: string) => seen.push(line) });
    const worker = new MailWorker({
      db: db.db,
      from: 'selah@selah.test',
      logger: capture,
      logBodies: false,
    });
    await worker.drain();
    expect(seen.join('')).toContain('prod@example.test');
    expect(seen.join('')).not.toContain('secret-link');
  });

  it('backs off exponentially up to an hour', () => {
    expect(mailRetryDelayMs(1)).toBe(5_000);
    expect(mailRetryDelayMs(2)).toBe(10_000);
    expect(mailRetryDelayMs(30)).toBe(3_600_000);
  });
});
