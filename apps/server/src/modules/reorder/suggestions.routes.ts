import { IdParamsSchema, OrderedSuggestionsSchema, OrderSuggestionsRequestSchema, SuggestedOrderSchema, UpdateSuggestedLineSchema } from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { SuggestionsService } from './suggestions.service';

// Issue 35: suggested orders. Whoever sees the location's purchase orders sees the draft; its
// location admins review it and turn it into orders.
export function suggestionsRoutes(app: ZodApp, suggestions: SuggestionsService): void {
  app.get('/reorder/suggestions', {
    config: { access: { permission: ['purchaseOrder', 'read'] } },
    schema: { tags: ['reorder'], response: { 200: SuggestedOrderSchema, ...errorResponses } },
    handler: (request) => suggestions.view(actorOf(request)),
  });

  app.post('/reorder/suggestions/refresh', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['reorder'], response: { 200: SuggestedOrderSchema, ...errorResponses } },
    handler: (request) => suggestions.refresh(actorOf(request)),
  });

  app.patch('/reorder/suggestions/lines/:id', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['reorder'], params: IdParamsSchema, body: UpdateSuggestedLineSchema, response: { 200: SuggestedOrderSchema, ...errorResponses } },
    handler: (request) => suggestions.updateLine(actorOf(request), request.params.id, request.body),
  });

  app.delete('/reorder/suggestions/lines/:id', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['reorder'], params: IdParamsSchema, response: { 200: SuggestedOrderSchema, ...errorResponses } },
    handler: (request) => suggestions.removeLine(actorOf(request), request.params.id),
  });

  app.post('/reorder/suggestions/order', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['reorder'], body: OrderSuggestionsRequestSchema, response: { 200: OrderedSuggestionsSchema, ...errorResponses } },
    handler: (request) => suggestions.order(actorOf(request), request.body),
  });
}
