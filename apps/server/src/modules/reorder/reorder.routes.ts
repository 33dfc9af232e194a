import { IdParamsSchema, PinReorderLevelsSchema, ProductReorderSchema, ReorderSettingsSchema } from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { ReorderService } from './reorder.service';

// Issue 35: reordering from use and lead time. Whoever reads the location's stock reads a
// product's forecast, levels and days of cover (the product page's Reorder panel).
export function reorderRoutes(app: ZodApp, reorder: ReorderService): void {
  app.get('/product/:id/reorder', {
    config: { access: { permission: ['stock', 'read'] } },
    schema: { tags: ['reorder'], params: IdParamsSchema, response: { 200: ProductReorderSchema, ...errorResponses } },
    handler: (request) => reorder.product(actorOf(request), request.params.id),
  });

  // Levels set by hand: who may edit the product at the location (as its Minimum Stock).
  app.put('/product/:id/reorder-levels', {
    config: { access: { permission: ['products', 'update'] } },
    schema: { tags: ['reorder'], params: IdParamsSchema, body: PinReorderLevelsSchema, response: { 200: ProductReorderSchema, ...errorResponses } },
    handler: (request) => reorder.pinLevels(actorOf(request), request.params.id, request.body),
  });

  app.delete('/product/:id/reorder-levels', {
    config: { access: { permission: ['products', 'update'] } },
    schema: { tags: ['reorder'], params: IdParamsSchema, response: { 200: ProductReorderSchema, ...errorResponses } },
    handler: (request) => reorder.pinLevels(actorOf(request), request.params.id, null),
  });

  // The location's service level and review period: read with its stock, set by its admins.
  app.get('/reorder/settings', {
    config: { access: { permission: ['stock', 'read'] } },
    schema: { tags: ['reorder'], response: { 200: ReorderSettingsSchema, ...errorResponses } },
    handler: (request) => reorder.settings(actorOf(request)),
  });

  app.put('/reorder/settings', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['reorder'], body: ReorderSettingsSchema, response: { 200: ReorderSettingsSchema, ...errorResponses } },
    handler: (request) => reorder.saveSettings(actorOf(request), request.body),
  });
}
