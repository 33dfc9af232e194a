import { z } from 'zod';
import {
  ConfirmedProceduresSchema,
  ConfirmProceduresRequestSchema,
  IdParamsSchema,
  ImportProceduresRequestSchema,
  MapProcedureCodeSchema,
  MonthlyProductionSchema,
  PickPmsPatientSchema,
  PmsConnectionSchema,
  PmsConnectionTestSchema,
  ProcedureCodesSchema,
  ProcedureImportResultSchema,
  ProductionImportResultSchema,
  SavePmsConnectionSchema,
  ScheduleImportResultSchema,
  TestPmsConnectionSchema,
  UpcomingTraysSchema,
  WaitingVisitsSchema,
} from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { PmsService } from './chair/pms.service';
import type { ProductionService } from './production/production.service';
import type { PmsConnectionService } from './connection/pms-connection.service';
import type { UpcomingService } from './upcoming/upcoming.service';

// Issue 36: the practice-management link. Staff who record visits see and confirm the procedures
// waiting at the chair; the location's admins bring procedures and production in, map codes and
// connect Open Dental (its keys are written, never read back).
export function pmsRoutes(app: ZodApp, pms: PmsService, production: ProductionService, connection: PmsConnectionService, upcoming: UpcomingService): void {
  app.get('/pms/waiting', {
    config: { access: { permission: ['treatmentLogs', 'create'] } },
    schema: { tags: ['pms'], response: { 200: WaitingVisitsSchema, ...errorResponses } },
    handler: (request) => pms.waiting(actorOf(request)),
  });

  app.post('/pms/waiting/confirm', {
    config: { access: { permission: ['treatmentLogs', 'create'] } },
    schema: { tags: ['pms'], body: ConfirmProceduresRequestSchema, response: { 201: ConfirmedProceduresSchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await pms.confirm(actorOf(request), request.body)),
  });

  app.post('/pms/procedures/:id/dismiss', {
    config: { access: { permission: ['treatmentLogs', 'update'] } },
    schema: { tags: ['pms'], params: IdParamsSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await pms.dismiss(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  // A procedure whose patient has no chart number in Open Dental waits until someone picks the patient (issue 50).
  app.put('/pms/procedures/:id/patient', {
    config: { access: { permission: ['treatmentLogs', 'update'] } },
    schema: { tags: ['pms'], params: IdParamsSchema, body: PickPmsPatientSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await pms.pickPatient(actorOf(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  });

  app.post('/pms/procedures/import', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['pms'], body: ImportProceduresRequestSchema, response: { 200: ProcedureImportResultSchema, ...errorResponses } },
    handler: (request) => pms.importCsv(actorOf(request), request.body),
  });

  app.get('/pms/codes', {
    config: { access: { permission: ['treatments', 'read'] } },
    schema: { tags: ['pms'], response: { 200: ProcedureCodesSchema, ...errorResponses } },
    handler: (request) => pms.codes(actorOf(request)),
  });

  app.put('/pms/codes', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['pms'], body: MapProcedureCodeSchema, response: { 200: ProcedureCodesSchema, ...errorResponses } },
    handler: (request) => pms.map(actorOf(request), request.body),
  });

  // Upcoming trays: the next 14 days' appointments planned against the shelf; a schedule CSV from any PMS.
  app.get('/pms/upcoming', {
    config: { access: { permission: ['treatments', 'read'] } },
    schema: { tags: ['pms'], response: { 200: UpcomingTraysSchema, ...errorResponses } },
    handler: (request) => upcoming.view(actorOf(request)),
  });

  app.post('/pms/upcoming/import', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['pms'], body: ImportProceduresRequestSchema, response: { 200: ScheduleImportResultSchema, ...errorResponses } },
    handler: async (request) => upcoming.importFile(actorOf(request), await pms.uploadBytes(actorOf(request), request.body.file_url, 'schedule_csv_import')),
  });

  // Production besides the procedures' fees (the supply-share report): a month typed, or a CSV per day.
  app.put('/pms/production/monthly', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['pms'], body: MonthlyProductionSchema, response: { 200: MonthlyProductionSchema, ...errorResponses } },
    handler: (request) => production.setMonthly(actorOf(request), request.body),
  });

  app.post('/pms/production/import', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['pms'], body: ImportProceduresRequestSchema, response: { 200: ProductionImportResultSchema, ...errorResponses } },
    handler: async (request) => production.importFile(actorOf(request), await pms.uploadBytes(actorOf(request), request.body.file_url, 'production_csv_import')),
  });

  app.get('/pms/connection', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['pms'], response: { 200: PmsConnectionSchema, ...errorResponses } },
    handler: (request) => connection.get(actorOf(request)),
  });

  app.put('/pms/connection', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['pms'], body: SavePmsConnectionSchema, response: { 200: PmsConnectionSchema, ...errorResponses } },
    handler: (request) => connection.save(actorOf(request), request.body),
  });

  app.post('/pms/connection/test', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['pms'], body: TestPmsConnectionSchema, response: { 200: PmsConnectionTestSchema, ...errorResponses } },
    handler: (request) => connection.test(actorOf(request), request.body),
  });

  // The location's sync run now, answered with how it went; 400 while the sync is off.
  app.post('/pms/connection/sync', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['pms'], response: { 200: PmsConnectionSchema, ...errorResponses } },
    handler: (request) =>
      connection.syncNow(actorOf(request), (run) => {
        request.log.warn({ companyId: run.companyId, err: run.cause, error: run.error }, 'practice-management sync now failed');
      }),
  });
}
