import type { Journal, JournalMember } from '@selah/shared/schemas/journals';
import type { JournalWithViewer, MemberRow } from './journals.repository.ts';

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** A journal as `viewerId` sees it: the owner sees every prayer counted, others the public ones. */
export function presentJournal(row: JournalWithViewer, viewerId: string): Journal {
  const { journal } = row;
  const isOwner = journal.ownerId === viewerId;
  return {
    _id: journal.id,
    title: journal.title,
    description: journal.description,
    isPrivate: journal.isPrivate,
    owner: journal.ownerId,
    category: journal.category,
    createdAt: journal.createdAt.toISOString(),
    updatedAt: journal.updatedAt.toISOString(),
    memberCount: journal.memberCount,
    prayerCount: isOwner ? journal.prayerCount : journal.publicPrayerCount,
    answeredCount: isOwner ? journal.answeredCount : journal.publicAnsweredCount,
    membership: isOwner ? 'owner' : row.role ? 'member' : 'none',
  };
}

export function presentMember(row: MemberRow): JournalMember {
  return {
    _id: row.userId,
    userId: row.userId,
    name: fullName(row.firstName, row.lastName),
    avatar: row.profilePicture,
    role: row.role,
    shared: row.viaShare,
    joinedAt: row.joinedAt.toISOString(),
  };
}
