import {
  CategoryFillRatesSchema,
  FillRateTargetSchema,
  IdParamsSchema,
  PinReorderLevelsSchema,
  ProductReorderSchema,
  ReorderSettingsSchema,
  SupplierShippingSchema,
  SupplierShippingViewSchema,
} from '@clinic/domain';
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

  // Issue 51: a product's own fill-rate target, by who may edit the product here (as its levels).
  app.put('/product/:id/fill-rate', {
    config: { access: { permission: ['products', 'update'] } },
    schema: { tags: ['reorder'], params: IdParamsSchema, body: FillRateTargetSchema, response: { 200: ProductReorderSchema, ...errorResponses } },
    handler: (request) => reorder.setProductFillRate(actorOf(request), request.params.id, request.body),
  });

  app.delete('/product/:id/fill-rate', {
    config: { access: { permission: ['products', 'update'] } },
    schema: { tags: ['reorder'], params: IdParamsSchema, response: { 200: ProductReorderSchema, ...errorResponses } },
    handler: (request) => reorder.setProductFillRate(actorOf(request), request.params.id, null),
  });

  // A category's target at the location: read with its stock, set by its admins (as the location's).
  app.get('/reorder/category-fill-rates', {
    config: { access: { permission: ['stock', 'read'] } },
    schema: { tags: ['reorder'], response: { 200: CategoryFillRatesSchema, ...errorResponses } },
    handler: (request) => reorder.categoryFillRates(actorOf(request)),
  });

  app.put('/reorder/category-fill-rates/:id', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['reorder'], params: IdParamsSchema, body: FillRateTargetSchema, response: { 200: CategoryFillRatesSchema, ...errorResponses } },
    handler: (request) => reorder.setCategoryFillRate(actorOf(request), request.params.id, request.body),
  });

  app.delete('/reorder/category-fill-rates/:id', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['reorder'], params: IdParamsSchema, response: { 200: CategoryFillRatesSchema, ...errorResponses } },
    handler: (request) => reorder.setCategoryFillRate(actorOf(request), request.params.id, null),
  });

  // A supplier's shipping fee and free-shipping threshold at the location: read with its stock, set by its admins.
  app.get('/supplier/:id/shipping', {
    config: { access: { permission: ['stock', 'read'] } },
    schema: { tags: ['reorder'], params: IdParamsSchema, response: { 200: SupplierShippingViewSchema, ...errorResponses } },
    handler: (request) => reorder.shipping(actorOf(request), request.params.id),
  });

  app.put('/supplier/:id/shipping', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['reorder'], params: IdParamsSchema, body: SupplierShippingSchema, response: { 200: SupplierShippingViewSchema, ...errorResponses } },
    handler: (request) => reorder.setShipping(actorOf(request), request.params.id, request.body),
  });

  app.delete('/supplier/:id/shipping', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['reorder'], params: IdParamsSchema, response: { 200: SupplierShippingViewSchema, ...errorResponses } },
    handler: (request) => reorder.setShipping(actorOf(request), request.params.id, null),
  });
}
