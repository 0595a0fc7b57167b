import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '@selah/shared/schemas/common';
import { ExportQuerySchema } from '@selah/shared/schemas/subscription';
import { currentUser } from '../../plugins/auth.ts';
import type { JournalExportService } from './journal-export.service.ts';

/** /api/journals/:id/export.pdf */
export const journalExportRoutes: FastifyPluginAsyncZod<{ exports: JournalExportService }> = async (
  app,
  { exports },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/:id/export.pdf',
    {
      schema: {
        tags: ['journals'],
        summary: 'The journal as a PDF (owner; Premium or Ministry)',
        params: IdParamsSchema,
        querystring: ExportQuerySchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { filename, stream } = await exports.export(
        request.params.id,
        currentUser(request),
        request.query,
        request.log,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
};
