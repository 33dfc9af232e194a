import { z } from 'zod';
import { IdParamsSchema, MatchPriceListItemRequestSchema, MAX_UPLOAD_BYTES, PriceListItemParamsSchema, PriceListItemSchema, PriceListPageSchema, PriceListQuerySchema, PriceListSummarySchema } from '@clinic/domain';
import { badRequest } from '../../core/errors';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { PriceListsService } from './price-lists.service';

/** A supplier's price list: uploaded as a CSV or XLSX file, read page by page, removed. */
export function priceListsRoutes(app: ZodApp, priceLists: PriceListsService): void {
  app.post('/supplier/:id/price-list', {
    config: { access: { permission: ['suppliers', 'update'] } },
    bodyLimit: MAX_UPLOAD_BYTES + 1024 * 1024,
    schema: { tags: ['marketplace'], params: IdParamsSchema, consumes: ['multipart/form-data'], response: { 200: PriceListSummarySchema, ...errorResponses } },
    handler: async (request) => {
      if (!request.isMultipart()) throw badRequest('file', 'Send the price list as multipart/form-data');
      const file = await request.file();
      if (!file) throw badRequest('file', 'Attach the price list as the form field "file"');
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw badRequest('file', `The file is larger than ${String(MAX_UPLOAD_BYTES / 1024 / 1024)} MB`);
      return priceLists.upload(actorOf(request), request.params.id, { fileName: file.filename.slice(0, 200), bytes });
    },
  });

  app.get('/supplier/:id/price-list', {
    config: { access: { permission: ['suppliers', 'read'] } },
    schema: { tags: ['marketplace'], params: IdParamsSchema, querystring: PriceListQuerySchema, response: { 200: PriceListPageSchema, ...errorResponses } },
    handler: (request) => priceLists.get(actorOf(request), request.params.id, request.query),
  });

  app.delete('/supplier/:id/price-list', {
    config: { access: { permission: ['suppliers', 'update'] } },
    schema: { tags: ['marketplace'], params: IdParamsSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await priceLists.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.patch('/supplier/:id/price-list/items/:itemId', {
    config: { access: { permission: ['suppliers', 'update'] } },
    schema: { tags: ['marketplace'], params: PriceListItemParamsSchema, body: MatchPriceListItemRequestSchema, response: { 200: PriceListItemSchema, ...errorResponses } },
    handler: (request) => priceLists.matchItem(actorOf(request), request.params.id, request.params.itemId, request.body),
  });
}
