import {
  lastPageFor,
  pageWindow,
  toPage,
  type CreateTreatmentLogRequest,
  type Implant,
  type ImplantCardQuery,
  type ImplantListQuery,
  type ImplantPage,
  type PatientListQuery,
  type PatientPage,
  type TreatmentLog,
  type TreatmentLogListQuery,
  type TreatmentLogPage,
  type UpdateTreatmentLogRequest,
  TREATMENT_LOG_MESSAGES,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { currentCompanyId } from '../../core/access';
import { badRequest, notFound } from '../../core/errors';
import { recordAudit } from '../audit/audit.writes';
import { idempotentRequest } from '../idempotency/idempotency';
import { findCompanyById } from '../companies/companies.reads';
import { renderImplantCardPdf } from './implant-card-pdf';
import { findImplant, findPatient, implantsOfLines, listPatientImplants, type ImplantRow } from './implants.repo';
import { recordVisit } from './record-visit';
import { reviseVisit } from './revise-visit';
import { latestJobStatuses } from '../transcription/transcription.reads';
import type { TranscriptionService } from '../transcription/transcription.service';
import {
  findTreatmentLogs,
  listLogProducts,
  listLogTreatments,
  listPatientSummaries,
  listTreatmentLogs,
  lockTreatmentLog,
  updateCaseNotes,
  updateRecordings,
  type TreatmentLogRow,
} from './treatment-logs.repo';

/** Saved recordings must be this visit's own uploads of the recording type, and audio. */
const RECORDING_RULE = { types: ['treatment_execution_recording'] as const, mime: (mimeType: string) => mimeType.startsWith('audio/') };

export function createTreatmentLogsService(deps: ServiceDeps, transcriptions: TranscriptionService) {
  const { db, files } = deps;
  const { ledger } = deps;
  const author = (actor: Actor) => ({ userId: actor.userId, organizationId: actor.organizationId });

  /** Starts the queued job right away in this process; the worker would pick it up anyway. */
  const kick = () => { transcriptions.kick(); };

  /** Visits with their treatments and products, in three queries whatever the count. */
  async function withDetails(rows: { log: TreatmentLogRow; chartNumber: string }[]): Promise<TreatmentLog[]> {
    const ids = rows.map((r) => r.log.id);
    const [treatmentRows, productRows, statuses] = await Promise.all([listLogTreatments(db, ids), listLogProducts(db, ids), latestJobStatuses(db, ids)]);
    const implantByLine = new Map(
      (
        await implantsOfLines(
          db,
          productRows.map((p) => p.row.id),
        )
      ).map((i) => [i.lineId, { id: i.id, udi: i.udi, site: i.site }]),
    );
    return rows.map(({ log, chartNumber }) => ({
      id: log.id,
      created_at: log.createdAt.toISOString(),
      patient: { id: log.patientId, patient_chart_number: chartNumber },
      treatments: treatmentRows.filter((t) => t.treatmentLogId === log.id).map((t) => ({ id: t.id, treatment_code: t.treatmentCode, name: t.name })),
      caseNotes: log.caseNotes,
      summary: log.summary,
      recordingTranscript: log.recordingTranscript,
      recordingUrls: log.recordingUrls.map((url) => files.signedUrl(url)),
      // A visit without a case-notes job (no recording) shows no status.
      transcriptionJobStatus: statuses.has(log.id) ? { status: statuses.get(log.id)!, configured: transcriptions.configured } : null,
      treatment_log_products: productRows
        .filter((p) => p.row.treatmentLogId === log.id)
        .map((p) => ({
          id: p.row.id,
          treatment: p.row.treatmentId && p.treatmentCode !== null && p.treatmentName !== null ? { id: p.row.treatmentId, treatment_code: p.treatmentCode, name: p.treatmentName } : null,
          product: { id: p.row.productId, name: p.productName, product_image_url: files.signedUrl(p.productImageUrl) },
          quantity: p.row.quantity,
          cost: p.row.cost,
          unit_price: p.row.unitPrice,
          is_editable: true,
          label: p.row.label,
          lot_number: p.row.lotNumber,
          implant: implantByLine.get(p.row.id) ?? null,
        })),
      total_cost: log.totalCost,
    }));
  }

  async function get(companyId: string, id: string): Promise<TreatmentLog> {
    const [log] = await withDetails(await findTreatmentLogs(db, companyId, [id]));
    if (!log) throw notFound();
    return log;
  }

  function toImplant(row: ImplantRow): Implant {
    const i = row.implant;
    return {
      id: i.id,
      treatment_log_id: i.treatmentLogId,
      product: { id: i.productId, name: row.productName, brand: row.brand },
      manufacturer_name: row.manufacturerName || row.brand,
      manufacturer_address: row.manufacturerAddress,
      udi: i.udi,
      device_identifier: i.deviceIdentifier,
      lot_number: i.lotNumber,
      serial_number: i.serialNumber,
      expiry_date: i.expiryDate,
      site: i.site,
      implanted_at: i.implantedAt.toISOString(),
      clinician: i.implantedBy && row.clinicianFirstName !== null ? { id: i.implantedBy, name: `${row.clinicianFirstName} ${row.clinicianLastName ?? ''}`.trim() } : null,
    };
  }

  return {
    /** One visit with its case notes and recordings: reading it leaves an audit row ('read'). */
    async get(actor: Actor, id: string): Promise<TreatmentLog> {
      const companyId = currentCompanyId(actor);
      const log = await get(companyId, id);
      await recordAudit(db, actor, { entity: 'treatment_log', entityId: id, action: 'read', organizationId: actor.organizationId, companyId });
      return log;
    },

    /**
     * Visits, newest first: a patient's history (patient_id) leaves an audit row on the patient;
     * the location's visits without a patient leave one naming the visits the page showed.
     */
    async list(actor: Actor, query: TreatmentLogListQuery): Promise<TreatmentLogPage> {
      const companyId = currentCompanyId(actor);
      const { records, total } = await listTreatmentLogs(db, companyId, query.patient_id, pageWindow(query));
      const page = toPage(await withDetails(records), total, query);
      await recordAudit(db, actor, {
        entity: query.patient_id ? 'patient' : 'treatment_log',
        entityId: query.patient_id ?? companyId,
        action: query.patient_id ? 'read' : 'read_list',
        organizationId: actor.organizationId,
        companyId,
        changes: { page: query.currentPage, visits: page.results.map((v) => v.id) },
      });
      return page;
    },

    /**
     * Records a visit in one transaction: the patient (by chart number), the treatments, and every
     * product taken out of stock through the consumption service at the price of the lots used.
     * A shortage of any product records nothing ('{product} - Not enough stock'); a retried save
     * with the same key answers the visit already recorded.
     */
    async create(actor: Actor, body: CreateTreatmentLogRequest): Promise<TreatmentLog> {
      const companyId = currentCompanyId(actor);
      const id = await db.transaction((tx) =>
        recordVisit(tx, ledger, author(actor), {
          companyId,
          chartNumber: body.patient_chart_number,
          caseNotes: body.caseNotes ?? '',
          treatmentIds: body.treatments,
          products: body.products.map((p) => ({ productId: p.product_id, quantity: p.quantity, treatmentId: p.treatment_id ?? null, stockId: p.stock_id, implant: p.implant })),
          at: deps.now(),
          request: idempotentRequest(companyId, 'treatment_log.create', 'POST /treatment_log', body),
          changes: body,
        }),
      );
      return get(companyId, id);
    },

    /**
     * Case notes typed or corrected after the visit, the visit's recordings (saving them starts a
     * case-notes job: transcript, summary, case notes), or its treatments and products as they
     * really were (/treatment-execution/edit/{logId}): stock goes back or out by the difference, in
     * the same transaction, and a shortage changes nothing.
     */
    async update(actor: Actor, id: string, body: UpdateTreatmentLogRequest): Promise<TreatmentLog> {
      const companyId = currentCompanyId(actor);
      if ((await findTreatmentLogs(db, companyId, [id])).length === 0) throw notFound();
      const tray = body.treatments && body.products ? { treatments: body.treatments, products: body.products } : undefined;
      const recordingUrls = body.recordingUrls
        ? await Promise.all(body.recordingUrls.map((url, i) => files.resolveForRecord(actor, `recordingUrls.${String(i)}`, url, RECORDING_RULE)))
        : undefined;
      await db.transaction(async (tx) => {
        const visit = await lockTreatmentLog(tx, companyId, id);
        if (!visit) throw notFound();
        if (tray) {
          await reviseVisit(tx, ledger, author(actor), {
            companyId,
            logId: id,
            chartNumber: visit.chartNumber,
            treatmentIds: tray.treatments,
            products: tray.products.map((p) => ({ lineId: p.id, productId: p.product_id, quantity: p.quantity, treatmentId: p.treatment_id ?? null, stockId: p.stock_id, implant: p.implant })),
            patientId: visit.log.patientId,
            userId: actor.userId,
            visitAt: visit.log.createdAt,
            at: deps.now(),
            changes: tray,
          });
        }
        if (body.caseNotes !== undefined) await updateCaseNotes(tx, id, body.caseNotes, deps.now());
        if (recordingUrls) {
          await updateRecordings(tx, id, recordingUrls, deps.now());
          await transcriptions.queue(tx, companyId, id);
        }
        // A visit's products edited: the ledger wrote the audit row with the stock it moved.
        if (!tray) {
          const action = recordingUrls ? 'save_recordings' : 'update_case_notes';
          await recordAudit(tx, actor, { entity: 'treatment_log', entityId: id, action, organizationId: actor.organizationId, companyId });
        }
      });
      if (recordingUrls) kick();
      return get(companyId, id);
    },

    /** Spec: re-generate the case notes of a visit that has recordings ('Case notes generation started'). */
    async regenerateCaseNotes(actor: Actor, id: string): Promise<TreatmentLog> {
      const companyId = currentCompanyId(actor);
      const [row] = await findTreatmentLogs(db, companyId, [id]);
      if (!row) throw notFound();
      if (row.log.recordingUrls.length === 0) throw badRequest('recordingUrls', TREATMENT_LOG_MESSAGES.noRecording);
      await db.transaction(async (tx) => {
        await transcriptions.queue(tx, companyId, id);
        await recordAudit(tx, actor, { entity: 'treatment_log', entityId: id, action: 'regenerate_case_notes', organizationId: actor.organizationId, companyId });
      });
      kick();
      return get(companyId, id);
    },

    /** Issue 20: the devices implanted in one of the location's patients, newest first. */
    async implants(actor: Actor, patientId: string, query: ImplantListQuery): Promise<ImplantPage> {
      const companyId = currentCompanyId(actor);
      if (!(await findPatient(db, companyId, patientId))) throw notFound();
      const { records, total } = await listPatientImplants(db, companyId, patientId, pageWindow(query));
      await recordAudit(db, actor, { entity: 'patient', entityId: patientId, action: 'read_implants', organizationId: actor.organizationId, companyId });
      return toPage(records.map(toImplant), total, query);
    },

    /** Issue 20: the implant card (EU MDR article 18) as a PDF, with a file name for the download. */
    async implantCard(actor: Actor, id: string, query: ImplantCardQuery = { layout: 'card', paper: 'letter' }): Promise<{ fileName: string; pdf: Buffer }> {
      const companyId = currentCompanyId(actor);
      const row = await findImplant(db, companyId, id);
      if (!row) throw notFound();
      const clinic = await findCompanyById(db, companyId);
      const implant = toImplant(row);
      const pdf = await renderImplantCardPdf({
        deviceName: implant.product.name,
        // The model is the manufacturer's reference for the product, never its brand (issue 55).
        model: row.manufacturerCode,
        serialNumber: implant.serial_number,
        lotNumber: implant.lot_number,
        udi: implant.udi,
        deviceIdentifier: implant.device_identifier,
        manufacturerName: implant.manufacturer_name,
        manufacturerAddress: implant.manufacturer_address,
        clinic: { name: clinic?.name ?? '', city: clinic?.city ?? '', state: clinic?.state ?? '' },
        implantedAt: implant.implanted_at,
        site: implant.site,
        chartNumber: row.chartNumber,
        expiryDate: implant.expiry_date,
      }, query.layout, query.paper);
      await recordAudit(db, actor, { entity: 'patient', entityId: row.implant.patientId, action: 'read_implant_card', organizationId: actor.organizationId, companyId, changes: { implant_id: id } });
      const kind = query.layout === 'card' ? 'implant-card' : query.layout === 'sheet' ? `implant-card-sheet-${query.paper}` : 'implant-record';
      const fileName = `${kind}-${row.chartNumber}-${implant.implanted_at.slice(0, 10)}.pdf`.replace(/[^\w.-]+/g, '_');
      return { fileName, pdf };
    },

    /** /patients: visit summaries per chart number, with the cards' totals over every match. */
    async patients(actor: Actor, query: PatientListQuery): Promise<PatientPage> {
      const companyId = currentCompanyId(actor);
      const rows = await listPatientSummaries(db, companyId, { search: query.search, startDate: query.start_date, endDate: query.end_date }, pageWindow(query));
      const total = rows[0]?.matching ?? 0;
      const statuses = await latestJobStatuses(
        db,
        rows.map((r) => r.last_visit_id),
      );
      return {
        results: rows.map((r) => ({
          id: r.id,
          patient_chart_number: r.chart_number,
          total_visits: r.total_visits,
          life_time_cost: r.life_time_cost,
          last_visit: new Date(r.last_visit).toISOString(),
          last_visit_cost: r.last_visit_cost,
          last_visit_treatment_log_id: r.last_visit_id,
          last_visit_treatment_log_transcription_job_status: statuses.get(r.last_visit_id) ?? null,
        })),
        currentPage: query.currentPage,
        lastPage: lastPageFor(total, query.perPage),
        total,
        totals: { patients: total, visits: rows[0]?.all_visits ?? 0, life_time_cost: rows[0]?.all_cost ?? 0 },
      };
    },
  };
}

export type TreatmentLogsService = ReturnType<typeof createTreatmentLogsService>;
