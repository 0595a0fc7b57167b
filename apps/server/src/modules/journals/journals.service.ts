import type {
  Journal,
  JournalDetail,
  CreateJournalInput,
  UpdateJournalInput,
  DiscoverOverview,
} from '@selah/shared/schemas/journals';
import { TITLE_MAX } from '@selah/shared/constants';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { selectValues } from '../../db/json.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { CREATED_AT_ID, cursorPage, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PlansService } from '../billing/plans.service.ts';
import type { PrayersService } from '../prayers/prayers.service.ts';
import { presentJournal, presentMember } from './journals.presenter.ts';
import type { AccessPolicy } from '../access/access.policy.ts';
import type { PublicUserRow } from '../friends/friends.presenter.ts';
import { JournalsRepository } from './journals.repository.ts';

const MEMBER_LIST_LIMIT = 100;
const MY_JOURNALS_LIMIT = 500;
const DETAIL_PRAYER_PAGE = 50;
const TRENDING_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
export const OWNER_CANNOT_LEAVE =
  'You own this journal, so you cannot leave it. Delete it instead if you no longer need it.';
/** Discover's cursors: (member count, id) for popular, how many were shown for trending. */
const MEMBERS_ID = ['integer', 'uuid'] as const;
const OFFSET = ['integer'] as const;
/** Trending is ranked on the fly: paging stops this deep. */
const TRENDING_OFFSET_MAX = 10_000;

/** The first line of a prayer's text, cut at a word boundary to fit a title. */
export function titleFromText(text: string): string {
  const line = text.trim().split('\n')[0]!.trim();
  if (line.length <= TITLE_MAX) return line;
  const cut = line.slice(0, TITLE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export interface JournalsServiceDeps {
  db: Db;
  access: AccessPolicy;
  now: () => Date;
  notifications: NotificationsService;
  /** A journal's prayers: its page of them, its first prayer. */
  prayers: PrayersService;
  /** Plan limits (journals, prayers, members). */
  plans: PlansService;
}

/** Journals: creation, membership, discover. Who may see or change one is the access policy's. */
export class JournalsService {
  private readonly repo: JournalsRepository;
  private readonly deps: JournalsServiceDeps;

  constructor(deps: JournalsServiceDeps) {
    this.deps = deps;
    this.repo = new JournalsRepository(deps.db);
  }

  async listMine(user: UserRow): Promise<Journal[]> {
    const rows = await this.repo.listForMember(user.id, MY_JOURNALS_LIMIT);
    return rows.map((row) => presentJournal(row, user.id));
  }

  /** The journal's page: the journal, its members, its first prayers and their categories. */
  async detail(id: string, user: UserRow): Promise<JournalDetail> {
    // The access check and every part of the page: one statement (ADR 046).
    const row = await this.deps.access.journalWith(user.id, id, {
      members: this.repo.members(id, user.id, MEMBER_LIST_LIMIT),
      page: this.deps.prayers.firstPageOfJournal(id, user, DETAIL_PRAYER_PAGE),
      categories: this.repo.prayerCategories(id, user.id),
    });
    if (!row) throw notFound('Journal');
    const { members, page, categories } = row;
    const prayers = this.deps.prayers.pageOf(page, DETAIL_PRAYER_PAGE, user.id);
    const journal = presentJournal(row, user.id);
    // The owner leads the member list when the viewer may see them (a member, or by their
    // profile's visibility): the same rule gives the owner's name, else '' (ADR 038).
    const owner = members.find((m) => m.role === 'owner');
    return {
      ...journal,
      ownerName: owner ? `${owner.firstName} ${owner.lastName}`.trim() : '',
      members: members.map(presentMember),
      prayers: prayers.data,
      prayersNextCursor: prayers.nextCursor,
      activeCount: journal.prayerCount - journal.answeredCount,
      categories,
    };
  }

  /**
   * Creates a journal (and its optional first prayer) in one transaction; in `tx`'s when the
   * caller has one open (an idempotent create).
   */
  async create(
    input: CreateJournalInput,
    user: UserRow,
    tx: DbOrTx = this.deps.db,
  ): Promise<Journal> {
    return transaction(tx, async (tx) => {
      await this.deps.plans.assertCanCreateJournal(
        user.id,
        { withPrayer: Boolean(input.initialPrayer?.trim()) },
        tx,
      );
      const journal = await this.repo.insert(
        {
          ownerId: user.id,
          title: input.title.trim(),
          description: (input.description ?? '').trim(),
          isPrivate: input.isPrivate ?? true,
          category: input.category ?? null,
          createdAt: this.deps.now(),
        },
        tx,
      );
      await this.repo.addMember(journal.id, user.id, 'owner', tx);
      const text = input.initialPrayer?.trim();
      if (text) {
        await this.deps.prayers.write(
          {
            journalId: journal.id,
            authorId: user.id,
            title: titleFromText(text),
            content: text,
            category: input.category ?? 'Personal',
            isPrivate: true,
          },
          tx,
        );
      }
      return presentJournal(
        await this.deps.access.readableJournal(user.id, journal.id, tx),
        user.id,
      );
    });
  }

  async update(id: string, input: UpdateJournalInput, user: UserRow): Promise<Journal> {
    await this.deps.access.ownedJournal(user.id, id);
    await this.repo.update(id, {
      ...(input.title !== undefined ? { title: input.title.trim() } : {}),
      ...(input.description !== undefined ? { description: input.description.trim() } : {}),
      ...(input.isPrivate !== undefined ? { isPrivate: input.isPrivate } : {}),
      ...(input.category !== undefined ? { category: input.category } : {}),
    });
    return presentJournal(await this.deps.access.readableJournal(user.id, id), user.id);
  }

  /** Deletes the journal with its prayers, testimonies and memberships (one statement, cascaded). */
  async delete(id: string, user: UserRow): Promise<void> {
    await this.deps.access.ownedJournal(user.id, id);
    await this.repo.delete(id);
  }

  /**
   * Joins a public journal; joining twice is harmless.
   * @throws AppError BAD_REQUEST for the owner, NOT_FOUND for journals the user cannot see.
   */
  async join(id: string, user: UserRow): Promise<{ journal: Journal; joined: boolean }> {
    const row = await this.deps.access.readableJournal(user.id, id);
    if (row.journal.ownerId === user.id)
      throw badRequest('You own this journal, so you are already in it.');
    const joined = await transaction(this.deps.db, async (tx) => {
      const added = await this.repo.addMember(id, user.id, 'member', tx);
      if (added) {
        await this.repo.bumpCounters(id, { memberCount: 1 }, tx);
        await this.deps.plans.assertMemberCap(id, tx);
        await this.deps.notifications.notify(
          [
            {
              userId: row.journal.ownerId,
              actorId: user.id,
              type: 'journal_joined',
              message: `${`${user.firstName} ${user.lastName}`.trim()} joined your journal "${row.journal.title}".`,
              link: `/journal/${id}`,
            },
          ],
          tx,
        );
      }
      return added;
    });
    return {
      journal: presentJournal(await this.deps.access.readableJournal(user.id, id), user.id),
      joined,
    };
  }

  /**
   * Ends a membership: the owner removes a member, or a member leaves (`memberId` is their own
   * id). Either way the journal is gone from the member's lists and, when private, unreadable to
   * them on the next request.
   * @throws AppError NOT_FOUND for a journal the viewer cannot read, or someone else's membership
   *   unless the viewer owns the journal; BAD_REQUEST for the owner's own membership.
   */
  async removeMember(id: string, memberId: string, user: UserRow): Promise<void> {
    const row = await this.deps.access.readableJournal(user.id, id);
    const isOwner = this.deps.access.ownsJournal(row, user.id);
    if (memberId === row.journal.ownerId) {
      if (isOwner) throw badRequest(OWNER_CANNOT_LEAVE);
      throw notFound('Member');
    }
    if (!isOwner && memberId !== user.id) throw notFound('Member');
    const removed = await transaction(this.deps.db, (tx) =>
      this.repo.removeMembers(id, [memberId], tx),
    );
    if (removed === 0) throw notFound('Member');
  }

  /**
   * The people the owner shared a private journal with (their memberships came from the share).
   * @throws AppError NOT_FOUND unless the viewer owns the journal.
   */
  async shares(id: string, user: UserRow): Promise<PublicUserRow[]> {
    const row = await this.deps.access.journalWith(user.id, id, {
      shares: this.repo.sharedMembers(id, MEMBER_LIST_LIMIT),
    });
    if (!row || !this.deps.access.ownsJournal(row, user.id)) throw notFound('Journal');
    return row.shares;
  }

  /**
   * Takes back the owner's share of a private journal with one person: their membership ends.
   * @throws AppError NOT_FOUND unless the viewer owns the journal and shared it with them.
   */
  async unshare(id: string, memberId: string, user: UserRow): Promise<void> {
    await this.deps.access.ownedJournal(user.id, id);
    const removed = await transaction(this.deps.db, (tx) =>
      this.repo.removeMembers(id, [memberId], tx, { viaShareOnly: true }),
    );
    if (removed === 0) throw notFound('Share');
  }

  /**
   * Makes friends a journal was shared with its members (a membership "via share"), in the
   * sharing transaction; returns how many were not members yet.
   * @throws AppError PAYMENT_REQUIRED when the journal now has more members than its owner's
   *   plan allows (the caller's transaction rolls back).
   */
  async addMembersByShare(id: string, userIds: string[], tx: Tx): Promise<number> {
    let added = 0;
    for (const userId of userIds)
      if (await this.repo.addMember(id, userId, 'member', tx, true)) added++;
    if (added > 0) {
      await this.repo.bumpCounters(id, { memberCount: added }, tx);
      await this.deps.plans.assertMemberCap(id, tx);
    }
    return added;
  }

  /** Adds deltas to a journal's counters (its prayers changed), in the caller's transaction. */
  /**
   * Ends the memberships that came from shares between two people who are no longer friends:
   * each leaves the other's journals they were added to (docs/decisions/037).
   */
  async endSharesBetween(a: string, b: string, tx: Tx): Promise<void> {
    await this.repo.removeSharedMembershipsBetween(a, b, tx);
  }

  /**
   * Ends every membership between the user and other people, shared or joined, both ways (an
   * account taken back: docs/decisions/055). The user keeps their own journals.
   */
  async endTiesOf(userId: string, tx: Tx): Promise<void> {
    await this.repo.removeMembershipsOf(userId, tx);
  }

  // --- Discover ------------------------------------------------------------------------------

  async discover(
    user: UserRow,
    query: {
      tab: 'popular' | 'new' | 'trending';
      search?: string | undefined;
      category?: string | undefined;
      cursor?: string | undefined;
      limit: number;
    },
  ): Promise<{ data: Journal[]; nextCursor: string | null }> {
    const limit = query.limit;
    const filters = { search: query.search || undefined, category: query.category };
    if (query.tab === 'popular') {
      const after = decodeCursor(query.cursor, MEMBERS_ID);
      const rows = await this.repo.publicPopular(user.id, { ...filters, after, limit: limit + 1 });
      return cursorPage(
        rows,
        limit,
        (r) => presentJournal(r, user.id),
        (last) => encodeCursor(MEMBERS_ID, [last.journal.memberCount, last.journal.id]),
      );
    }
    if (query.tab === 'new') {
      const after = decodeCursor(query.cursor, CREATED_AT_ID);
      const rows = await this.repo.publicNewest(user.id, { ...filters, after, limit: limit + 1 });
      return cursorPage(
        rows,
        limit,
        (r) => presentJournal(r, user.id),
        (last) => encodeCursor(CREATED_AT_ID, [last.journal.createdAt, last.journal.id]),
      );
    }
    const [offset] = decodeCursor(query.cursor, OFFSET) ?? [0];
    if (offset > TRENDING_OFFSET_MAX) throw badRequest('Invalid page cursor.');
    const rows = await this.repo.publicTrending(user.id, {
      ...filters,
      since: new Date(this.deps.now().getTime() - TRENDING_WINDOW_MS),
      offset,
      limit: limit + 1,
    });
    return cursorPage(
      rows,
      limit,
      (r) => presentJournal(r, user.id),
      () => encodeCursor(OFFSET, [offset + limit]),
    );
  }

  /** The Categories panel and the Featured Journal (most active public journal this week). */
  async discoverOverview(user: UserRow): Promise<DiscoverOverview> {
    // One statement: the categories, the most active journal this week and the most popular
    // (shown when none was active).
    const { categories, trending, popular } = await selectValues(this.deps.db, {
      categories: this.repo.publicCategoryCounts(),
      trending: this.repo.publicTrendingJson(user.id, {
        since: new Date(this.deps.now().getTime() - TRENDING_WINDOW_MS),
        offset: 0,
        limit: 1,
      }),
      popular: this.repo.publicPopularJson(user.id, { after: null, limit: 1 }),
    });
    let featured: DiscoverOverview['featured'] = null;
    if (trending[0]) {
      featured = { ...presentJournal(trending[0], user.id), recentActivity: trending[0].activity };
    } else if (popular[0]) {
      featured = { ...presentJournal(popular[0], user.id), recentActivity: 0 };
    }
    return { categories, featured };
  }

  // --- The user's data: the account's export, Clear Data and deletion ask each module ------

  /** For the account's export: the journals the user owns. */
  async exportOf(userId: string) {
    return { journals: await this.repo.ownedBy(userId) };
  }

  /** Clear Data: the journals the user owns go, with what is in them. */
  async clearOf(userId: string, tx: DbOrTx): Promise<void> {
    await this.repo.deleteOwnedBy(userId, tx);
  }

  /** Before the account goes: the journals the user joined keep their member counts right. */
  async deleteAccountOf(userId: string, tx: DbOrTx): Promise<void> {
    await this.repo.uncountMember(userId, tx);
  }
}
