import { dictionary } from '@zxcvbn-ts/language-common';

/** zxcvbn-ts's list of the ~49,000 most common passwords, as a set for O(1) checks. */
const COMMON = new Set(
  dictionary['passwords-common'].filter((p) => p.length >= 8).map((p) => p.toLowerCase()),
);

/** True when the password (case-insensitively) is on the common-passwords list. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
