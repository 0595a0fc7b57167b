import { z } from 'zod';

const includeFlag = z
  .enum(['true', 'false', '1', '0'])
  .default('true')
  .transform((v) => v === 'true' || v === '1');

/** GET /api/journals/:id/export.pdf: the Export dialog's include options (default: all). */
export const ExportQuerySchema = z.object({
  answered: includeFlag,
  verses: includeFlag,
  notes: includeFlag,
});
export type ExportQuery = z.infer<typeof ExportQuerySchema>;
