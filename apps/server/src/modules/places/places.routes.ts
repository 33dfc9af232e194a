import { CreatePlaceRequestSchema, IdParamsSchema, PlaceListQuerySchema, PlaceListSchema, PlaceSchema, RenamePlaceRequestSchema } from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { PlacesService } from './places.service';

// Issue 34: storage places of the signed-in location. Whoever reads stock reads them (the place
// pickers); who may update the location (its admins) names, renames and retires them.
export function placesRoutes(app: ZodApp, places: PlacesService): void {
  app.get('/places', {
    config: { access: { permission: ['stock', 'read'] } },
    schema: { tags: ['places'], querystring: PlaceListQuerySchema, response: { 200: PlaceListSchema, ...errorResponses } },
    handler: (request) => places.list(actorOf(request), request.query),
  });

  app.post('/places', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['places'], body: CreatePlaceRequestSchema, response: { 201: PlaceSchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await places.create(actorOf(request), request.body)),
  });

  app.patch('/places/:id', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['places'], params: IdParamsSchema, body: RenamePlaceRequestSchema, response: { 200: PlaceSchema, ...errorResponses } },
    handler: (request) => places.rename(actorOf(request), request.params.id, request.body),
  });

  app.post('/places/:id/retire', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['places'], params: IdParamsSchema, response: { 200: PlaceSchema, ...errorResponses } },
    handler: (request) => places.retire(actorOf(request), request.params.id),
  });
}
