import { z } from 'zod';
import {
  AttachmentSchema,
  CreateAttachmentRequestSchema,
  CreateProductRequestSchema,
  IdParamsSchema,
  ProductDetailSchema,
  ProductFilterSchema,
  ProductListQuerySchema,
  ProductPageSchema,
  ProductSchema,
  UpdateProductRequestSchema,
  UuidSchema,
} from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { ProductsService } from './products.service';

const AttachmentParamsSchema = z.object({ id: UuidSchema, attachmentId: UuidSchema });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function productsRoutes(app: ZodApp, products: ProductsService): void {
  const read = { access: { permission: ['products', 'read'] } } as const;
  const list = {
    config: read,
    schema: { tags: ['products'], querystring: ProductListQuerySchema, response: { 200: ProductPageSchema, ...errorResponses } },
  } as const;

  // The three list addresses of the spec answer the same paged, filtered list; v2 is the one the
  // web's search uses (fuzzy, prefetched pages).
  app.get('/product', { ...list, handler: (request) => products.list(actorOf(request), request.query) });
  app.get('/product/allproduct', { ...list, handler: (request) => products.list(actorOf(request), request.query) });
  app.get('/product/v2', { ...list, handler: (request) => products.list(actorOf(request), request.query) });

  app.get('/product/v2/export-xls', {
    config: read,
    schema: { tags: ['products'], querystring: ProductFilterSchema, produces: [XLSX] },
    handler: async (request, reply) => {
      const stream = await products.exportXlsx(actorOf(request), request.query, (error) => request.log.error({ err: error }, 'product export failed'));
      const day = new Date().toISOString().slice(0, 10);
      return reply.header('Content-Type', XLSX).header('Content-Disposition', `attachment; filename="products-${day}.xlsx"`).send(stream);
    },
  });

  app.post('/product', {
    config: { access: { permission: ['products', 'create'] } },
    schema: { tags: ['products'], body: CreateProductRequestSchema, response: { 201: ProductSchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await products.create(actorOf(request), request.body)),
  });

  app.get('/product/:id', {
    config: read,
    schema: { tags: ['products'], params: IdParamsSchema, response: { 200: ProductDetailSchema, ...errorResponses } },
    handler: (request) => products.get(actorOf(request), request.params.id),
  });

  app.patch('/product/:id', {
    config: { access: { permission: ['products', 'update'] } },
    schema: { tags: ['products'], params: IdParamsSchema, body: UpdateProductRequestSchema, response: { 200: ProductSchema, ...errorResponses } },
    handler: (request) => products.update(actorOf(request), request.params.id, request.body),
  });

  app.delete('/product/:id', {
    config: { access: { permission: ['products', 'delete'] } },
    schema: { tags: ['products'], params: IdParamsSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await products.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.patch('/product/:id/approve', {
    config: { access: { permission: ['products', 'approve'], adminOnly: true } },
    schema: { tags: ['products'], params: IdParamsSchema, response: { 200: ProductSchema, ...errorResponses } },
    handler: (request) => products.approve(actorOf(request), request.params.id),
  });

  app.patch('/product/:id/reject', {
    config: { access: { permission: ['products', 'approve'], adminOnly: true } },
    schema: { tags: ['products'], params: IdParamsSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await products.reject(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/product/:id/attachment', {
    config: { access: { permission: ['products', 'update'] } },
    schema: { tags: ['products'], params: IdParamsSchema, body: CreateAttachmentRequestSchema, response: { 201: AttachmentSchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await products.addAttachment(actorOf(request), request.params.id, request.body)),
  });

  app.delete('/product/:id/attachment/:attachmentId', {
    config: { access: { permission: ['products', 'update'] } },
    schema: { tags: ['products'], params: AttachmentParamsSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await products.removeAttachment(actorOf(request), request.params.id, request.params.attachmentId);
      return reply.status(204).send(null);
    },
  });
}
