import {
  CreateTreatmentLogRequestSchema,
  IdParamsSchema,
  ImplantCardQuerySchema,
  ImplantListQuerySchema,
  ImplantPageSchema,
  PatientListQuerySchema,
  PatientPageSchema,
  TreatmentLogListQuerySchema,
  TreatmentLogPageSchema,
  TreatmentLogSchema,
  UpdateTreatmentLogRequestSchema,
} from '@clinic/domain';
import { errorResponses, idempotentErrorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { TreatmentLogsService } from './treatment-logs.service';

/** Spec section 7, Treatment: recording visits (treatment_log) and the patients they build up. */
export function treatmentLogsRoutes(app: ZodApp, logs: TreatmentLogsService): void {
  app.post('/treatment_log', {
    config: { access: { permission: ['treatmentLogs', 'create'] } },
    schema: { tags: ['treatment logs'], body: CreateTreatmentLogRequestSchema, response: { 201: TreatmentLogSchema, ...idempotentErrorResponses } },
    handler: async (request, reply) => reply.status(201).send(await logs.create(actorOf(request), request.body)),
  });

  app.get('/treatment_log', {
    config: { access: { permission: ['treatmentLogs', 'read'] } },
    schema: { tags: ['treatment logs'], querystring: TreatmentLogListQuerySchema, response: { 200: TreatmentLogPageSchema, ...errorResponses } },
    handler: (request) => logs.list(actorOf(request), request.query),
  });

  app.get('/treatment_log/:id', {
    config: { access: { permission: ['treatmentLogs', 'read'] } },
    schema: { tags: ['treatment logs'], params: IdParamsSchema, response: { 200: TreatmentLogSchema, ...errorResponses } },
    handler: (request) => logs.get(actorOf(request), request.params.id),
  });

  app.patch('/treatment_log/:id', {
    config: { access: { permission: ['treatmentLogs', 'update'] } },
    schema: { tags: ['treatment logs'], params: IdParamsSchema, body: UpdateTreatmentLogRequestSchema, response: { 200: TreatmentLogSchema, ...errorResponses } },
    handler: (request) => logs.update(actorOf(request), request.params.id, request.body),
  });

  app.patch('/treatment_log/:id/regenerate-casenotes', {
    config: { access: { permission: ['treatmentLogs', 'update'] } },
    schema: { tags: ['treatment logs'], params: IdParamsSchema, response: { 200: TreatmentLogSchema, ...errorResponses } },
    handler: (request) => logs.regenerateCaseNotes(actorOf(request), request.params.id),
  });

  // Issue 20: a patient's implants and the card they keep; reading them is reading the patient's visits.
  app.get('/patient/:id/implants', {
    config: { access: { permission: ['treatmentLogs', 'read'] } },
    schema: { tags: ['treatment logs'], params: IdParamsSchema, querystring: ImplantListQuerySchema, response: { 200: ImplantPageSchema, ...errorResponses } },
    handler: (request) => logs.implants(actorOf(request), request.params.id, request.query),
  });

  app.get('/implant/:id/card', {
    config: { access: { permission: ['treatmentLogs', 'read'] } },
    schema: { tags: ['treatment logs'], params: IdParamsSchema, querystring: ImplantCardQuerySchema, produces: ['application/pdf'] },
    handler: async (request, reply) => {
      const card = await logs.implantCard(actorOf(request), request.params.id, request.query);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${card.fileName}"`).send(card.pdf);
    },
  });

  app.get('/patient', {
    config: { access: { permission: ['patients', 'read'] } },
    schema: { tags: ['treatment logs'], querystring: PatientListQuerySchema, response: { 200: PatientPageSchema, ...errorResponses } },
    handler: (request) => logs.patients(actorOf(request), request.query),
  });
}
