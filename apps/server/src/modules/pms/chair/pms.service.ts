import { locationDay } from '../../../db/location-day';
import {
  csvImportUploads,
  MAX_PROCEDURE_IMPORT_ROWS,
  PMS_MESSAGES,
  PROCEDURE_IMPORT_COLUMNS,
  type ConfirmProceduresRequest,
  type CsvImportType,
  type ImportProceduresRequest,
  type MapProcedureCode,
  type PickPmsPatient,
  type ProcedureCode,
  type ProcedureImportResult,
  type WaitingVisit,
} from '@clinic/domain';
import type { ServiceDeps } from '../../../services';
import type { Actor } from '../../../core/actor';
import { currentCompanyId } from '../../../core/access';
import { AppError, badRequest, conflict, notFound } from '../../../core/errors';
import { recordAudit } from '../../audit/audit.writes';
import { idempotentRequest } from '../../idempotency/idempotency';
import { findTreatments } from '../../treatments/treatments.reads';
import { readAll, readCsvTable } from '../../imports/import-file';
import { keyFromFileUrl } from '../../uploads/storage';
import { insertNewProcedures, lockProcedures, markDismissed, pickChartNumber, procedureCodes, saveMapping, traysOf, waitingProcedures, type WaitingRow } from './pms.repo';
import { problemOf, recordProcedures } from './record-procedures';
import { proceduresOfRows } from '../csv/procedure-csv';

/** The chair's list holds the last procedures waiting; older ones are still there, a page at a time later. */
const WAITING_LIMIT = 200;

const treatmentOf = (r: Pick<WaitingRow, 'treatment_id' | 'treatment_name' | 'treatment_code'>) =>
  r.treatment_id ? { id: r.treatment_id, name: r.treatment_name ?? '', code: r.treatment_code ?? '' } : null;

/**
 * The practice-management link (issue 36; docs/decisions.md, Practice-management link): procedures
 * completed in the PMS wait at the chair grouped as visits (a patient's procedures of one day), and
 * one tap records them through the ledger with their treatments' trays; the CSV any PMS exports is
 * the local default way in.
 */
export function createPmsService(deps: ServiceDeps) {
  const { db, files } = deps;
  const { ledger } = deps;

  async function waiting(companyId: string): Promise<WaitingVisit[]> {
    const found = await waitingProcedures(db, companyId, WAITING_LIMIT);
    const treatmentIds = [...new Set(found.map((r) => r.treatment_id).filter((id): id is string => id !== null))];
    const trays = await traysOf(db, companyId, treatmentIds, await locationDay(db, companyId, deps.now()));
    const visits = new Map<string, WaitingVisit>();
    for (const row of found) {
      // A patient not known here yet is one visit per PMS patient and day, never one of ''.
      const unknown = row.chart_number === '' && row.patient_ref !== null;
      const key = unknown ? `pms:${row.practice_key}:${row.patient_ref!}|${row.performed_on}` : `${row.chart_number.toLowerCase()}|${row.performed_on}`;
      const visit = visits.get(key) ?? { chart_number: row.chart_number, pms_patient: unknown ? row.patient_ref : null, performed_on: row.performed_on, procedures: [], tray: [], ready: true };
      visit.procedures.push({ id: row.id, source: row.source, code: row.code, fee: Number(row.fee), treatment: treatmentOf(row), problem: problemOf(row) });
      visit.ready &&= problemOf(row) === null;
      if (row.treatment_id) {
        for (const item of trays.filter((t) => t.treatment_id === row.treatment_id)) {
          visit.tray.push({ product_id: item.product_id, product_name: item.product_name, treatment_id: item.treatment_id, quantity: Number(item.quantity), usable_units: Number(item.usable_units) });
        }
      }
      visits.set(key, visit);
    }
    return [...visits.values()];
  }

  async function readUpload(actor: Actor, fileUrl: string, kind: CsvImportType): Promise<Buffer> {
    const url = await files.resolveForRecord(actor, 'file_url', fileUrl, { types: csvImportUploads(kind) });
    const stream = await files.storage.openRead(keyFromFileUrl(url)!);
    if (!stream) throw badRequest('file_url', 'The uploaded file is missing');
    return readAll(stream);
  }

  async function importFile(actor: Actor, bytes: Buffer): Promise<ProcedureImportResult> {
    const companyId = currentCompanyId(actor);
    const parsed = await readCsvTable(bytes, PROCEDURE_IMPORT_COLUMNS, MAX_PROCEDURE_IMPORT_ROWS);
    if ('error' in parsed) throw new AppError('BAD_REQUEST', parsed.error, { field: 'file_url' });
    const checked = proceduresOfRows(companyId, parsed.rows);
    const good = checked.flatMap((c) => (c.procedure ? [c.procedure] : []));
    const fresh = await db.transaction(async (tx) => {
      const inserted = await insertNewProcedures(tx, good);
      await recordAudit(tx, actor, { entity: 'pms_procedure', entityId: companyId, action: 'import', organizationId: actor.organizationId, companyId, changes: { rows: parsed.rows.length, imported: inserted.length } });
      return new Set(inserted.map((p) => p.externalId));
    });
    const rows = checked.map((c) => {
      if (!c.procedure) return { row_number: c.rowNumber, status: 'failed' as const, reason: c.reason ?? null };
      return { row_number: c.rowNumber, status: fresh.has(c.procedure.externalId) ? ('imported' as const) : ('already_imported' as const), reason: null };
    });
    return { total_rows: rows.length, imported: fresh.size, already_imported: good.length - fresh.size, failed: rows.length - good.length, rows };
  }

  return {
    waiting: async (actor: Actor) => ({ visits: await waiting(currentCompanyId(actor)) }),

    /**
     * One tap at the chair: the procedures (one patient, one day, all mapped) recorded as one visit
     * with their treatments and trays (or the tray as edited), through the ledger. The procedures
     * are locked first: a second tap finds them recorded, and a retried save answers the same visit.
     */
    async confirm(actor: Actor, body: ConfirmProceduresRequest): Promise<{ treatment_log_id: string }> {
      const companyId = currentCompanyId(actor);
      const treatmentLogId = await db.transaction((tx) =>
        recordProcedures(
          tx,
          ledger,
          { userId: actor.userId, organizationId: actor.organizationId },
          {
            companyId,
            procedureIds: body.procedure_ids,
            products: body.products,
            request: idempotentRequest(companyId, 'pms.confirm', 'POST /pms/waiting/confirm', body),
            source: 'pms',
            at: deps.now(),
          },
        ),
      );
      return { treatment_log_id: treatmentLogId };
    },

    /** A procedure that used no stock here (or was charted in error): off the chair's list, nothing taken. */
    async dismiss(actor: Actor, procedureId: string): Promise<void> {
      const companyId = currentCompanyId(actor);
      await db.transaction(async (tx) => {
        const [procedure] = await lockProcedures(tx, companyId, [procedureId]);
        if (!procedure) throw notFound('Procedure not found');
        if (procedure.status !== 'waiting') throw conflict(PMS_MESSAGES.notWaiting);
        await markDismissed(tx, procedureId, deps.now(), actor.userId);
        await recordAudit(tx, actor, { entity: 'pms_procedure', entityId: procedureId, action: 'dismiss', organizationId: actor.organizationId, companyId, changes: { code: procedure.code, chart_number: procedure.chart_number, performed_on: procedure.performed_on } });
      });
    },

    /**
     * The patient of a procedure whose patient has no chart number in Open Dental, picked by a
     * person (issue 50: never guessed): every procedure of that patient waiting for one takes the
     * chart number, and waits at the chair, ready for a tap; nothing is recorded by itself.
     */
    async pickPatient(actor: Actor, procedureId: string, body: PickPmsPatient): Promise<void> {
      const companyId = currentCompanyId(actor);
      await db.transaction(async (tx) => {
        const [procedure] = await lockProcedures(tx, companyId, [procedureId]);
        if (!procedure) throw notFound('Procedure not found');
        if (procedure.status !== 'waiting') throw conflict(PMS_MESSAGES.notWaiting);
        if (procedure.chart_number !== '' || procedure.patient_ref === null) throw conflict(PMS_MESSAGES.patientAlreadyKnown);
        const picked = await pickChartNumber(tx, { companyId, practiceKey: procedure.practice_key, patientRef: procedure.patient_ref }, body.chart_number, actor.userId, deps.now());
        await recordAudit(tx, actor, {
          entity: 'pms_procedure',
          entityId: procedureId,
          action: 'pick_patient',
          organizationId: actor.organizationId,
          companyId,
          changes: { patient_ref: procedure.patient_ref, chart_number: body.chart_number, procedures: picked },
        });
      });
    },

    /**
     * The daily "procedures completed" export of any PMS: each good row becomes a procedure waiting at
     * the chair (once, however often the file is imported); a bad row keeps its reason.
     */
    importCsv: async (actor: Actor, body: ImportProceduresRequest): Promise<ProcedureImportResult> => {
      currentCompanyId(actor); // a caller without a location is refused before the file is read
      return importFile(actor, await readUpload(actor, body.file_url, 'procedure_csv_import'));
    },

    /** An uploaded spreadsheet's bytes, when the caller (at a location) may read it: the schedule's and the production's too. */
    uploadBytes: (actor: Actor, fileUrl: string, kind: CsvImportType) => {
      currentCompanyId(actor);
      return readUpload(actor, fileUrl, kind);
    },

    /** The same, from the file's bytes (the demo's day of procedures). */
    importFile: (actor: Actor, bytes: Buffer) => importFile(actor, bytes),

    async codes(actor: Actor): Promise<{ codes: ProcedureCode[] }> {
      const found = await procedureCodes(db, currentCompanyId(actor));
      return {
        codes: found.map((r) => ({
          code: r.code,
          seen: Number(r.seen),
          treatment: treatmentOf(r),
          suggested: r.suggested_id ? { id: r.suggested_id, name: r.suggested_name ?? '', code: r.suggested_code ?? '' } : null,
        })),
      };
    },

    /** A procedure code mapped to one of the location's treatments (or unmapped with null). */
    async map(actor: Actor, body: MapProcedureCode): Promise<{ codes: ProcedureCode[] }> {
      const companyId = currentCompanyId(actor);
      const code = body.code.toUpperCase();
      if (body.treatment_id) {
        const [treatment] = await findTreatments(db, companyId, [body.treatment_id]);
        if (!treatment) throw badRequest('treatment_id', PMS_MESSAGES.treatmentNotFound);
      }
      await db.transaction(async (tx) => {
        await saveMapping(tx, companyId, code, body.treatment_id);
        await recordAudit(tx, actor, { entity: 'pms_procedure', entityId: companyId, action: body.treatment_id ? 'map_code' : 'unmap_code', organizationId: actor.organizationId, companyId, changes: { code, treatment_id: body.treatment_id } });
      });
      return this.codes(actor);
    },
  };
}

export type PmsService = ReturnType<typeof createPmsService>;
