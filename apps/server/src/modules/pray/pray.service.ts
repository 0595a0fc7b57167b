import {
  type PraySession,
  SESSION_SIZE_DEFAULT,
  type SessionItem,
} from '@selah/shared/schemas/pray';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { PrayerLogService } from '../prayer-log/prayer-log.service.ts';
import { PrayRepository, type SessionRow } from './pray.repository.ts';

export interface PrayServiceDeps {
  db: Db;
  /** The user's local date (the day things are due on). */
  prayerLog: PrayerLogService;
}

function present(row: SessionRow): SessionItem {
  return {
    kind: row.kind,
    id: row.id,
    title: row.title,
    text: row.text,
    verse: row.verse ? { verse: row.verse.verse, reference: row.verse.reference } : null,
    due: row.due,
    urgent: row.urgent,
    lastPrayedAt: row.lastPrayedAt === null ? null : new Date(row.lastPrayedAt).toISOString(),
    prayedCount: row.prayedCount,
    askedBy: row.askedBy,
    source: row.source,
    ...(row.groupName === null ? {} : { groupName: row.groupName }),
  };
}

/**
 * Pray now (issue 20 §1): a session of a few items to pray through, built from what the access
 * policy lets the user see, due first and rotating (docs/decisions/051, Sessions). Recording a
 * Prayed belongs to the prayers and prayer-requests modules.
 */
export class PrayService {
  private readonly repo: PrayRepository;
  private readonly deps: PrayServiceDeps;

  constructor(deps: PrayServiceDeps) {
    this.deps = deps;
    this.repo = new PrayRepository(deps.db);
  }

  /**
   * The next session of `size` items (the remembered size when absent), only today's due items
   * when `dueOnly`. Remembers the size and moves the rotation on, in the same statement.
   */
  async session(
    user: UserRow,
    query: { size?: number | undefined; dueOnly: boolean },
  ): Promise<PraySession> {
    const size = query.size ?? user.settings.prayerSessionSize ?? SESSION_SIZE_DEFAULT;
    const rows = await this.repo.session({
      userId: user.id,
      day: this.deps.prayerLog.today(user),
      size,
      dueOnly: query.dueOnly,
      after: user.settings.prayerSessionAfter ?? null,
    });
    return { items: rows.map(present), size };
  }
}
