import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { IdParamsSchema } from '@selah/shared/schemas/common';
import { ExportQuerySchema } from '@selah/shared/schemas/exports';
import { currentUser, requireSession } from '../../plugins/auth.ts';
import { fileResponse } from '../../plugins/swagger.ts';
import type { JournalExportService } from './journal-export.service.ts';

/** /api/journals/:id/export.pdf */
export const journalExportRoutes: FastifyPluginAsyncZod<{ exports: JournalExportService }> = async (
  app,
  { exports },
) => {
  requireSession(app);

  app.get(
    '/:id/export.pdf',
    {
      schema: {
        tags: ['journals'],
        operationId: 'exportJournalPdf',
        summary: 'Export a journal as a PDF',
        description: "The owner's journal, on the Premium or Ministry plan.",
        params: IdParamsSchema,
        querystring: ExportQuerySchema,
        response: {
          200: fileResponse('The PDF file (an attachment)', ['application/pdf']),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          402: ApiErrorSchema,
          404: ApiErrorSchema,
          429: ApiErrorSchema,
          503: ApiErrorSchema,
        },
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
