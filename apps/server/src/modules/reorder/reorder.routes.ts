import { IdParamsSchema, ProductReorderSchema } from '@clinic/domain';
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
}
