import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets later Tailwind classes win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** The first two characters of an e-mail's local part in upper case, or 'U' (spec-1 §2). */
export function getInitials(email: string | null | undefined): string {
  const local = email?.split('@')[0]?.trim() ?? '';
  return local ? local.slice(0, 2).toUpperCase() : 'U';
}

/**
 * The one name Selah shows for a person, everywhere (cards, "People Praying", members, the
 * sidebar, avatar initials; issue 29 §5, ADR 061): their display name (first and last name, or
 * the `name` the server joined from them), else their username, else `fallback`.
 */
export function displayName(
  person: {
    firstName?: string | null | undefined;
    lastName?: string | null | undefined;
    name?: string | null | undefined;
    username?: string | null | undefined;
  },
  fallback = '',
): string {
  const name = person.name ?? `${person.firstName ?? ''} ${person.lastName ?? ''}`;
  return name.trim() || person.username?.trim() || fallback;
}

/**
 * Two letters for a person's avatar: the initials of a name's first two words, the first two
 * letters of a single word (a username, a first name alone) or of an e-mail address, or 'U'.
 */
export function nameInitials(name: string): string {
  if (name.includes('@')) return getInitials(name);
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  const letters = words
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
  return letters || 'U';
}

/**
 * What a member list says of the members it does not show: 'and 2 more members', or, when the
 * viewer is shown only the members whose profile they may see (`allShown` false), 'and 2 more
 * members, who keep their profiles private' ('The members keep their profiles private.' when it
 * shows none: the count is said elsewhere).
 */
export function unlistedMembersText(unlisted: number, listed: number, allShown: boolean): string {
  const one = unlisted === 1;
  if (listed === 0 && !allShown) {
    return one
      ? 'The member keeps their profile private.'
      : 'The members keep their profiles private.';
  }
  const members = `${unlisted} ${listed > 0 ? 'more ' : ''}${one ? 'member' : 'members'}`;
  const text = allShown
    ? members
    : `${members}, who ${one ? 'keeps their profile' : 'keep their profiles'} private`;
  return listed > 0 ? `and ${text}` : text;
}

/** A role with a capitalised first letter, or 'User' when missing (spec-1 §2). */
export function formatRole(role: string | null | undefined): string {
  const value = role?.trim();
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : 'User';
}

/**
 * A same-origin path that is safe to navigate to after sign-in, or null.
 * Rejects absolute URLs and protocol-relative `//host` paths (open redirects).
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  return value;
}
