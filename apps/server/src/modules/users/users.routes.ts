import { z } from 'zod';
import {
  CreateUserRequestSchema,
  IdParamsSchema,
  MessageResponseSchema,
  OutboxEmailPageSchema,
  PageQuerySchema,
  ReassignLocationRequestSchema,
  UpdateUserRequestSchema,
  UserListQuerySchema,
  UserPageSchema,
  UserSchema,
} from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { UsersService } from './users.service';

export function usersRoutes(app: ZodApp, users: UsersService): void {
  app.get('/user', {
    config: { access: { permission: ['users', 'read'] } },
    schema: { tags: ['users'], querystring: UserListQuerySchema, response: { 200: UserPageSchema, ...errorResponses } },
    handler: (request) => users.list(actorOf(request), request.query),
  });

  app.post('/user', {
    config: { access: { permission: ['users', 'create'] } },
    schema: { tags: ['users'], body: CreateUserRequestSchema, response: { 201: UserSchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await users.create(actorOf(request), request.body)),
  });

  app.get('/user/test-emails', {
    config: { access: { adminOnly: true } },
    schema: { tags: ['users'], querystring: PageQuerySchema, response: { 200: OutboxEmailPageSchema, ...errorResponses } },
    handler: (request) => users.outbox(request.query),
  });

  // Users edit their own names, phone and tour settings; anything else needs users.update (checked in the service).
  app.patch('/user/:id', {
    // Tour settings are saved while the subscription dialog is up, too.
    config: { access: { allowUnsubscribed: true } },
    schema: { tags: ['users'], params: IdParamsSchema, body: UpdateUserRequestSchema, response: { 200: UserSchema, ...errorResponses } },
    handler: (request) => users.update(actorOf(request), request.params.id, request.body),
  });

  app.post('/user/:id/reset-password', {
    config: { access: { permission: ['users', 'update'] } },
    schema: { tags: ['users'], params: IdParamsSchema, response: { 200: MessageResponseSchema, ...errorResponses } },
    handler: (request) => users.sendPasswordReset(actorOf(request), request.params.id),
  });

  app.patch('/user/:id/reassign-location', {
    config: { access: { permission: ['users', 'update'] } },
    schema: { tags: ['users'], params: IdParamsSchema, body: ReassignLocationRequestSchema, response: { 200: UserSchema, ...errorResponses } },
    handler: (request) => users.reassignLocation(actorOf(request), request.params.id, request.body.companyId),
  });

  app.delete('/user/:id', {
    config: { access: { permission: ['users', 'delete'] } },
    schema: { tags: ['users'], params: IdParamsSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await users.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
