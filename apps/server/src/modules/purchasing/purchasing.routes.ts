import { z } from 'zod';
import {
  AddedRunningListProductsSchema,
  AddRunningListProductRequestSchema,
  BulkRunningListProductsRequestSchema,
  CreateRunningListRequestSchema,
  GeneratePurchaseOrderRequestSchema,
  IdParamsSchema,
  PurchaseOrderDetailSchema,
  PurchaseOrderPageSchema,
  PurchaseOrderQuerySchema,
  ReceivePurchaseOrderRequestSchema,
  ReorderSuggestionsRequestSchema,
  ReorderSuggestionsSchema,
  RunningListDetailSchema,
  RunningListPageSchema,
  RunningListProductSchema,
  RunningListQuerySchema,
  UpdateRunningListProductRequestSchema,
} from '@clinic/domain';
import { errorResponses, idempotentErrorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { RunningListsService } from './running-lists.service';
import type { PurchaseOrdersService } from './purchase-orders.service';

/** Spec section 7, Purchasing; receiving and reorder suggestions are ours (docs/decisions.md). */
export function purchasingRoutes(app: ZodApp, lists: RunningListsService, orders: PurchaseOrdersService): void {
  app.get('/purchase/running-list', {
    config: { access: { permission: ['runningList', 'read'] } },
    schema: { tags: ['purchasing'], querystring: RunningListQuerySchema, response: { 200: RunningListPageSchema, ...errorResponses } },
    handler: (request) => lists.list(actorOf(request), request.query),
  });

  app.post('/purchase/running-list', {
    config: { access: { permission: ['runningList', 'create'] } },
    schema: { tags: ['purchasing'], body: CreateRunningListRequestSchema, response: { 201: RunningListDetailSchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await lists.create(actorOf(request), request.body)),
  });

  app.get('/purchase/running-list/:id', {
    config: { access: { permission: ['runningList', 'read'] } },
    schema: { tags: ['purchasing'], params: IdParamsSchema, response: { 200: RunningListDetailSchema, ...errorResponses } },
    handler: (request) => lists.get(actorOf(request), request.params.id),
  });

  app.delete('/purchase/running-list/:id', {
    config: { access: { permission: ['runningList', 'delete'] } },
    schema: { tags: ['purchasing'], params: IdParamsSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await lists.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/purchase/running-list/product', {
    config: { access: { permission: ['runningList', 'create'] } },
    schema: { tags: ['purchasing'], body: AddRunningListProductRequestSchema, response: { 201: AddedRunningListProductsSchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await lists.addProduct(actorOf(request), request.body)),
  });

  app.post('/purchase/running-list/product/bulk', {
    config: { access: { permission: ['runningList', 'create'] } },
    schema: { tags: ['purchasing'], body: BulkRunningListProductsRequestSchema, response: { 201: AddedRunningListProductsSchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await lists.addProductsInBulk(actorOf(request), request.body)),
  });

  app.patch('/purchase/running-list/product/:id', {
    config: { access: { permission: ['runningList', 'update'] } },
    schema: { tags: ['purchasing'], params: IdParamsSchema, body: UpdateRunningListProductRequestSchema, response: { 200: RunningListProductSchema, ...errorResponses } },
    handler: (request) => lists.updateProduct(actorOf(request), request.params.id, request.body),
  });

  app.delete('/purchase/running-list/product/:id', {
    config: { access: { permission: ['runningList', 'update'] } },
    schema: { tags: ['purchasing'], params: IdParamsSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await lists.removeProduct(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  // One click: every product under its minimum onto its supplier's open list.
  app.post('/purchase/running-list/reorder-suggestions', {
    config: { access: { permission: ['runningList', 'create'] } },
    schema: { tags: ['purchasing'], body: ReorderSuggestionsRequestSchema, response: { 200: ReorderSuggestionsSchema, ...errorResponses } },
    handler: (request) => lists.reorderSuggestions(actorOf(request), request.body),
  });

  app.post('/purchase/running-list/purchase-order', {
    config: { access: { permission: ['purchaseOrder', 'create'] } },
    schema: { tags: ['purchasing'], body: GeneratePurchaseOrderRequestSchema, response: { 201: PurchaseOrderDetailSchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await orders.generate(actorOf(request), request.body)),
  });

  app.get('/purchase/purchase-order', {
    config: { access: { permission: ['purchaseHistory', 'read'] } },
    schema: { tags: ['purchasing'], querystring: PurchaseOrderQuerySchema, response: { 200: PurchaseOrderPageSchema, ...errorResponses } },
    handler: (request) => orders.list(actorOf(request), request.query),
  });

  app.get('/purchase/purchase-order/:id', {
    config: { access: { permission: ['purchaseHistory', 'read'] } },
    schema: { tags: ['purchasing'], params: IdParamsSchema, response: { 200: PurchaseOrderDetailSchema, ...errorResponses } },
    handler: (request) => orders.get(actorOf(request), request.params.id),
  });

  // Receiving also needs stock.create (checked by the service): it adds stock.
  app.post('/purchase/purchase-order/:id/receive', {
    config: { access: { permission: ['purchaseHistory', 'read'] } },
    schema: { tags: ['purchasing'], params: IdParamsSchema, body: ReceivePurchaseOrderRequestSchema, response: { 200: PurchaseOrderDetailSchema, ...idempotentErrorResponses } },
    handler: (request) => orders.receive(actorOf(request), request.params.id, request.body),
  });
}
