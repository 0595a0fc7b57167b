import { AuthResponseSchema } from '@selah/shared/schemas/auth';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const ExchangeResponseSchema = AuthResponseSchema.extend({ isNewUser: z.boolean().optional() });

/** Trades the Google callback's single-use code for a session. */
export const exchangeCode = (code: string) =>
  api.post('/auth/exchange', { body: { code }, schema: ExchangeResponseSchema, auth: false });
