import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@selah/shared/schemas/settings';

export const AVATAR_TYPE_ERROR = 'Please upload a PNG, JPEG or WebP image.';
export const AVATAR_SIZE_ERROR = 'The photo must be 2 MB or smaller.';

/** The file picker's filter, the same types the server accepts. */
export const AVATAR_ACCEPT = AVATAR_TYPES.join(',');

/** Checks a chosen photo before it is sent (the server checks the bytes again). */
export function checkAvatarFile(file: Blob): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return AVATAR_TYPE_ERROR;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_SIZE_ERROR;
  return null;
}
