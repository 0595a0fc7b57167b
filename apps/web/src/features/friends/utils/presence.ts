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
