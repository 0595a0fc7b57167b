import type { PrayerGroup } from '@selah/shared/schemas/groups';
import { Globe, Lock, MailOpen, ShieldCheck, UserRound } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** 'Public' or 'Private'. */
export function GroupPrivacyBadge({ isPublic }: { isPublic: boolean }) {
  return (
    <Badge variant={isPublic ? 'outline' : 'secondary'}>
      {isPublic ? <Globe aria-hidden="true" /> : <Lock aria-hidden="true" />}
      {isPublic ? 'Public' : 'Private'}
    </Badge>
  );
}

const MEMBERSHIP = {
  admin: { label: 'Admin', Icon: ShieldCheck },
  member: { label: 'Member', Icon: UserRound },
  invited: { label: 'Invited', Icon: MailOpen },
} as const;

/** The user's place in a group: 'Admin', 'Member' or 'Invited'; nothing when not in it. */
export function MembershipBadge({ membership }: { membership: PrayerGroup['membership'] }) {
  if (membership === 'none') return null;
  const { label, Icon } = MEMBERSHIP[membership];
  return (
    <Badge variant={membership === 'invited' ? 'default' : 'secondary'}>
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}

/** A member's role in the members list. */
export function RoleBadge({ role }: { role: 'admin' | 'member' }) {
  return role === 'admin' ? (
    <Badge variant="secondary">
      <ShieldCheck aria-hidden="true" />
      Admin
    </Badge>
  ) : (
    <Badge variant="outline" className="text-muted-foreground">
      Member
    </Badge>
  );
}
