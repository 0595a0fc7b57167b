import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.ts';

export const IdSchema = z.uuid({ message: 'Invalid id.' });
export const IdParamsSchema = z.strictObject({ id: IdSchema });
/** A record and one person in it: `/:id/members/:userId`, `/:id/share/:userId`. */
export const MemberParamsSchema = z.strictObject({ id: IdSchema, userId: IdSchema });

export const PageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export const MessageSchema = z.object({ message: z.string() });

/** A page of items with the opaque cursor of the next page (null at the end). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), nextCursor: z.string().nullable() });
}
