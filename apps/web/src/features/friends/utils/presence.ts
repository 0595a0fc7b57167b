import { ONLINE_WINDOW_MS } from '@selah/shared/constants';
import { formatDate } from '@/lib/format-date';

/** Online: active within the last 5 minutes (spec-2 §4). A future time (clock skew) counts too. */
export function isOnline(lastActive: string | null, now: number): boolean {
  if (!lastActive) return false;
  const time = new Date(lastActive).getTime();
  if (Number.isNaN(time)) return false;
  return now - time < ONLINE_WINDOW_MS;
}

/** 'Active now', 'Last active {date}', or 'Last active Unknown' when never seen. */
export function activityText(lastActive: string | null, now: number): string {
  if (isOnline(lastActive, now)) return 'Active now';
  return `Last active ${lastActive ? formatDate(lastActive) : 'Unknown'}`;
}

/** A person's name, or their e-mail address when they gave none. */
export function displayName(person: { firstName: string; lastName: string; email: string }) {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}

/** Up to two initials of a name (or an e-mail's first two letters). */
export function initialsOf(name: string): string {
  const words = name.includes('@') ? [] : name.split(/\s+/).filter(Boolean);
  if (words.length === 0) return name.slice(0, 2).toUpperCase() || 'U';
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}
