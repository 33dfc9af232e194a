import { z } from 'zod';
import {
  ConsumeStockRequestSchema,
  ConsumptionSchema,
  CreatedStocksSchema,
  CreateStockRequestSchema,
  IdParamsSchema,
  LotStatusBodySchema,
  StockListQuerySchema,
  StockPageSchema,
  StockSchema,
  UpdateStockRequestSchema,
  CycleUnitPriceSchema,
  DisposeStockRequestSchema,
  ReturnStockRequestSchema,
  QueryBooleanSchema,
  TrackingReportSchema,
  MoveStockRequestSchema,
} from '@clinic/domain';
import { errorResponses, idempotentErrorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { StockService } from './stock.service';

export function stockRoutes(app: ZodApp, stock: StockService): void {
  app.get('/stock', {
    config: { access: { permission: ['stock', 'read'] } },
    schema: { tags: ['stock'], querystring: StockListQuerySchema, response: { 200: StockPageSchema, ...errorResponses } },
    handler: (request) => stock.list(actorOf(request), request.query),
  });

  app.post('/stock', {
    config: { access: { permission: ['stock', 'create'] } },
    schema: { tags: ['stock'], body: CreateStockRequestSchema, response: { 201: CreatedStocksSchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await stock.create(actorOf(request), request.body)),
  });

  // Manual consumption: units taken for anything but a treatment (a broken vial, a sample).
  app.post('/stock/consume', {
    config: { access: { permission: ['stock', 'update'] } },
    schema: { tags: ['stock'], body: ConsumeStockRequestSchema, response: { 200: ConsumptionSchema, ...idempotentErrorResponses } },
    handler: (request) => stock.consume(actorOf(request), request.body),
  });

  app.get('/stock/:id', {
    config: { access: { permission: ['stock', 'read'] } },
    schema: { tags: ['stock'], params: IdParamsSchema, response: { 200: StockSchema, ...errorResponses } },
    handler: (request) => stock.get(actorOf(request), request.params.id),
  });

  app.patch('/stock/:id', {
    config: { access: { permission: ['stock', 'update'] } },
    schema: { tags: ['stock'], params: IdParamsSchema, body: UpdateStockRequestSchema, response: { 200: StockSchema, ...errorResponses } },
    handler: (request) => stock.update(actorOf(request), request.params.id, request.body),
  });

  // Issue 20: units written off a lot, or sent back to its supplier; the answer is the lot after.
  // Taking units off the books is a removal, so it needs stock.delete, like deleting the lot.
  app.post('/stock/:id/dispose', {
    config: { access: { permission: ['stock', 'delete'] } },
    schema: { tags: ['stock'], params: IdParamsSchema, body: DisposeStockRequestSchema, response: { 200: StockSchema, ...idempotentErrorResponses } },
    handler: (request) => stock.dispose(actorOf(request), request.params.id, request.body),
  });

  app.post('/stock/:id/return', {
    config: { access: { permission: ['stock', 'delete'] } },
    schema: { tags: ['stock'], params: IdParamsSchema, body: ReturnStockRequestSchema, response: { 200: StockSchema, ...idempotentErrorResponses } },
    handler: (request) => stock.returnToSupplier(actorOf(request), request.params.id, request.body),
  });

  // Issue 34: units of a lot moved to another storage place; who may edit a lot may move it.
  app.post('/stock/:id/move', {
    config: { access: { permission: ['stock', 'update'] } },
    schema: { tags: ['stock'], params: IdParamsSchema, body: MoveStockRequestSchema, response: { 200: StockSchema, ...idempotentErrorResponses } },
    handler: (request) => stock.move(actorOf(request), request.params.id, request.body),
  });

  // Recall, quarantine or release a lot (issue 20): who may edit a lot may change its status.
  app.post('/stock/:id/status', {
    config: { access: { permission: ['stock', 'update'] } },
    schema: { tags: ['stock'], params: IdParamsSchema, body: LotStatusBodySchema, response: { 200: StockSchema, ...errorResponses } },
    handler: (request) => stock.setStatus(actorOf(request), request.params.id, request.body),
  });

  // Track Product Consumption on the product page (spec section 7's product helpers).
  app.get('/product/:id/tracking-reports', {
    config: { access: { permission: ['stock', 'read'] } },
    schema: { tags: ['stock'], params: IdParamsSchema, response: { 200: TrackingReportSchema, ...errorResponses } },
    handler: (request) => stock.tracking(actorOf(request), request.params.id),
  });

  app.get('/product/:id/estimated-cycle-unit-price', {
    config: { access: { permission: ['stock', 'read'] } },
    schema: { tags: ['stock'], params: IdParamsSchema, querystring: z.object({ 'get-last-tracker': QueryBooleanSchema.optional() }), response: { 200: CycleUnitPriceSchema, ...errorResponses } },
    handler: (request) => stock.cycleUnitPrice(actorOf(request), request.params.id, request.query['get-last-tracker'] ?? false),
  });

  app.delete('/stock/:id', {
    config: { access: { permission: ['stock', 'delete'] } },
    schema: { tags: ['stock'], params: IdParamsSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await stock.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
