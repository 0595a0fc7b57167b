import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { ExportQuery } from '@selah/shared/schemas/exports';
import type { UserRow } from '../../db/schema/index.ts';
import { serviceUnavailable } from '../../lib/app-error.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import type { AccessPolicy } from '../access/access.policy.ts';
import type { PlansService } from '../billing/plans.service.ts';
import type { PrayersService } from '../prayers/prayers.service.ts';
import { userTimeZone } from '../users/users.service.ts';
import { type ExportedPrayer, JournalPdf, slugify } from './journal-pdf.ts';

/** At most this many prayers go into one export (newest first). */
export const EXPORT_MAX_PRAYERS = 5_000;
const PAGE = 250;
/** Exports rendered at once by one process; more wait for a retry (they are CPU-bound). */
const MAX_CONCURRENT_EXPORTS = 3;
/** Exports per user per minute. */
export const EXPORT_LIMIT = { name: 'journal-export', points: 10, durationSeconds: 60 };

export interface JournalExportDeps {
  access: AccessPolicy;
  plans: PlansService;
  prayers: PrayersService;
  limiter: Limiter;
  now: () => Date;
}

/** A journal as a PDF (Premium and Ministry; the owner only), streamed as it is written. */
export class JournalExportService {
  private readonly deps: JournalExportDeps;
  private running = 0;

  constructor(deps: JournalExportDeps) {
    this.deps = deps;
  }

  /** A page of the journal's prayers as its owner (`ownerId`) sees them: all of them. */
  private page(
    journalId: string,
    ownerId: string,
    options: ExportQuery,
    after: readonly [Date, string] | null,
    limit: number,
  ): Promise<ExportedPrayer[]> {
    return this.deps.prayers.ownersPage(journalId, ownerId, {
      answered: options.answered,
      testimonies: options.notes,
      after,
      limit,
    });
  }

  /**
   * @throws AppError NOT_FOUND unless the user owns the journal, PAYMENT_REQUIRED on Free,
   *   RATE_LIMITED / SERVICE_UNAVAILABLE when too many exports run.
   */
  async export(
    journalId: string,
    user: UserRow,
    options: ExportQuery,
    log: FastifyBaseLogger,
  ): Promise<{ filename: string; stream: Readable }> {
    const { journal } = await this.deps.access.ownedJournal(user.id, journalId);
    this.deps.plans.assertFeature(user, 'export');
    await this.deps.limiter.consume(user.id, 'Too many exports. Please wait a minute.');
    if (this.running >= MAX_CONCURRENT_EXPORTS) {
      throw serviceUnavailable('Many exports are being prepared right now. Please retry shortly.');
    }
    this.running++;
    let released = false;
    const release = () => {
      if (!released) {
        released = true;
        this.running--;
      }
    };
    try {
      const first = await this.page(
        journalId,
        user.id,
        options,
        null,
        Math.min(PAGE, EXPORT_MAX_PRAYERS),
      );
      const pdf = new JournalPdf(options, userTimeZone(user), {
        title: journal.title,
        author: `${user.firstName} ${user.lastName}`.trim(),
      });
      pdf.doc.once('end', release);
      pdf.doc.once('close', release);
      pdf.doc.once('error', release);
      pdf.begin(journal, this.deps.now());
      void this.writeRest(journalId, user.id, options, pdf, first).catch((error: unknown) => {
        log.error({ err: error, journalId }, 'journal export failed');
        pdf.doc.destroy(error instanceof Error ? error : new Error('export failed'));
      });
      log.info({ userId: user.id, journalId, event: 'journal_export' }, 'journal exported');
      return { filename: `${slugify(journal.title)}.pdf`, stream: pdf.doc };
    } catch (error) {
      release();
      throw error;
    }
  }

  private async writeRest(
    journalId: string,
    ownerId: string,
    options: ExportQuery,
    pdf: JournalPdf,
    first: ExportedPrayer[],
  ): Promise<void> {
    let batch = first;
    let written = 0;
    let requested = Math.min(PAGE, EXPORT_MAX_PRAYERS);
    for (;;) {
      pdf.addPrayers(batch);
      written += batch.length;
      const last = batch.at(-1);
      if (batch.length < requested || !last) break;
      if (written >= EXPORT_MAX_PRAYERS) {
        const more = await this.page(
          journalId,
          ownerId,
          options,
          [last.prayer.createdAt, last.prayer.id],
          1,
        );
        pdf.finish(more.length > 0 ? EXPORT_MAX_PRAYERS : null);
        return;
      }
      // Let the response drain and other requests run between pages.
      await new Promise((resolve) => setImmediate(resolve));
      requested = Math.min(PAGE, EXPORT_MAX_PRAYERS - written);
      batch = await this.page(
        journalId,
        ownerId,
        options,
        [last.prayer.createdAt, last.prayer.id],
        requested,
      );
    }
    pdf.finish(null);
  }
}
