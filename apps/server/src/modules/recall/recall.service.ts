import Papa from 'papaparse';
import {
  escapeSpreadsheetCell,
  gtinStoredForms,
  RECALL_MESSAGES,
  recallTarget,
  roundUnitsLeft,
  type Recall,
  type RecallContact,
  type RecallContactMark,
  type RecallKind,
  type RecallPatient,
  type RecallQuery,
  type RecallVisit,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { currentCompanyId } from '../../core/access';
import { badRequest, notFound } from '../../core/errors';
import { recordAudit } from '../audit/audit.writes';
import {
  contactMarks,
  deleteContactMark,
  implantVisitsByDeviceIdentifier,
  implantVisitsByLotNumber,
  implantVisitsBySerial,
  insertContactMark,
  lotsByIds,
  lotsAcrossTransfers,
  lotsByNumber,
  lotsOfBarcodes,
  patientAtLocation,
  visitsUsingLots,
  type RecallLotRow,
  type RecallVisitRow,
} from './recall.repo';

/** The key a recall's contacted marks are kept under: what was traced, in lower case (a UDI-DI as GTIN-14). */
export const recallKey = (by: RecallKind, value: string) => `${by}:${value.toLowerCase()}`;

const markOf = (row: { contactedAt: Date; firstName: string | null; lastName: string | null; email: string | null }): RecallContactMark => ({
  by: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || (row.email ?? ''),
  at: row.contactedAt.toISOString(),
});

/** Each visit line once (a device found both through its lot and its label), newest first. */
function mergeVisits(used: RecallVisitRow[], devices: RecallVisitRow[]): RecallVisitRow[] {
  const lines = new Set(used.map((r) => r.treatmentLogProductId));
  return [...used, ...devices.filter((d) => !lines.has(d.treatmentLogProductId))].sort((a, b) => b.visitAt.getTime() - a.visitAt.getTime());
}

function uniqueLots(...lists: RecallLotRow[][]): RecallLotRow[] {
  const byId = new Map<string, RecallLotRow>();
  for (const row of lists.flat()) if (!byId.has(row.stock.id)) byId.set(row.stock.id, row);
  return [...byId.values()].sort((a, b) => b.stock.createdAt.getTime() - a.stock.createdAt.getTime());
}

/**
 * Recall tracing: a supplier recalls a lot, a device by its serial number, or every device of a
 * UDI-DI; which patients received it, and when. Each patient can be marked as contacted.
 */
export function createRecallService(deps: ServiceDeps) {
  const { db } = deps;

  /** The lots and visit lines a recall reaches at this location. */
  async function reach(companyId: string, by: RecallKind, value: string): Promise<{ lots: (RecallLotRow & { locationName?: string })[]; visits: RecallVisitRow[] }> {
    if (by === 'lot') {
      // The lots of that number and what they gave, and the devices whose label names it; and the
      // lots joined to them by transfers at the organization's other locations, with their patients.
      const [here, devices] = await Promise.all([lotsByNumber(db, companyId, value), implantVisitsByLotNumber(db, companyId, value)]);
      const elsewhere = await lotsAcrossTransfers(db, companyId, here.map((l) => l.stock.id));
      const lots = [...here, ...elsewhere];
      return { lots, visits: mergeVisits(await visitsUsingLots(db, lots.map((l) => l.stock.id)), devices) };
    }
    if (by === 'serial') {
      const devices = await implantVisitsBySerial(db, companyId, value);
      const lots = await lotsByIds(db, companyId, [...new Set(devices.flatMap((d) => (d.stockId ? [d.stockId] : [])))]);
      return { lots, visits: mergeVisits([], devices) };
    }
    // A UDI-DI: the devices implanted with it, and every use of the lots of products with that GTIN.
    const forms = gtinStoredForms(value);
    const [devices, productLots] = await Promise.all([implantVisitsByDeviceIdentifier(db, companyId, forms), lotsOfBarcodes(db, companyId, forms)]);
    const deviceLots = await lotsByIds(db, companyId, [...new Set(devices.flatMap((d) => (d.stockId ? [d.stockId] : [])))]);
    const used = await visitsUsingLots(db, productLots.map((l) => l.stock.id));
    return { lots: uniqueLots(productLots, deviceLots), visits: mergeVisits(used, devices) };
  }

  async function trace(actor: Actor, query: RecallQuery): Promise<Recall> {
    const companyId = currentCompanyId(actor);
    const { by, value } = recallTarget(query);
    const { lots, visits } = await reach(companyId, by, value);
    const patients = new Map<string, Omit<RecallPatient, 'contacted'>>();
    for (const v of visits) {
      // Visits come newest first: the first one seen is the patient's latest.
      if (!patients.has(v.patientId)) patients.set(v.patientId, { patient_id: v.patientId, patient_chart_number: v.chartNumber, last_visit_at: v.visitAt.toISOString() });
    }
    const marks = new Map((await contactMarks(db, companyId, recallKey(by, value), [...patients.keys()])).map((m) => [m.patientId, markOf(m)]));
    return {
      by,
      value,
      lots: lots.map(({ stock, productName, supplierName, locationName }) => ({
        ...(locationName === undefined ? {} : { location_name: locationName }),
        stock_id: stock.id,
        product: { id: stock.productId, name: productName },
        lotNumber: stock.lotNumber,
        expiry_date: stock.expiryDate,
        supplier_name: supplierName,
        received_at: stock.createdAt.toISOString(),
        units_received: stock.totalUnits,
        units_left: stock.deletedAt ? 0 : roundUnitsLeft(stock.unitsLeft),
      })),
      visits: visits.map(
        (v): RecallVisit => ({
          ...(v.companyId && v.companyId !== companyId ? { location_name: v.locationName ?? '' } : {}),
          treatment_log_id: v.treatmentLogId,
          patient_id: v.patientId,
          patient_chart_number: v.chartNumber,
          visit_at: v.visitAt.toISOString(),
          product_name: v.productName,
          lotNumber: v.lotNumber,
          serial_number: v.serialNumber,
          quantity: v.quantity,
        }),
      ),
      patients: [...patients.values()].map((p) => ({ ...p, contacted: marks.get(p.patient_id) ?? null })),
    };
  }

  /** A patient of this location (else 404) who is one of the recall's (else 400). */
  async function affectedPatient(companyId: string, by: RecallKind, value: string, patientId: string): Promise<void> {
    if (!(await patientAtLocation(db, companyId, patientId))) throw notFound('Patient not found');
    const { visits } = await reach(companyId, by, value);
    if (!visits.some((v) => v.patientId === patientId)) throw badRequest('patient_id', RECALL_MESSAGES.patientNotAffected);
  }

  return {
    trace,

    /** The same trace as CSV for the recall file (formula-like cells escaped). */
    async csv(actor: Actor, query: RecallQuery): Promise<string> {
      const result = await trace(actor, query);
      const marks = new Map(result.patients.map((p) => [p.patient_id, p.contacted]));
      return Papa.unparse({
        fields: ['Patient chart number', 'Visit date', 'Product', 'Lot', 'Serial', 'Units', 'Contacted by', 'Contacted at'],
        data: result.visits.map((v) => {
          const mark = marks.get(v.patient_id) ?? null;
          return [
            escapeSpreadsheetCell(v.patient_chart_number),
            v.visit_at.slice(0, 10),
            escapeSpreadsheetCell(v.product_name),
            escapeSpreadsheetCell(v.lotNumber),
            escapeSpreadsheetCell(v.serial_number),
            String(v.quantity),
            escapeSpreadsheetCell(mark?.by ?? ''),
            mark?.at ?? '',
          ];
        }),
      });
    },

    /** Marks a patient of the recall as contacted; marking again keeps the first who and when. */
    async markContacted(actor: Actor, query: RecallQuery, patientId: string): Promise<RecallContact> {
      const companyId = currentCompanyId(actor);
      const { by, value } = recallTarget(query);
      const key = recallKey(by, value);
      await affectedPatient(companyId, by, value, patientId);
      await db.transaction(async (tx) => {
        if (await insertContactMark(tx, { companyId, recallKey: key, patientId, contactedBy: actor.userId, contactedAt: deps.now() })) {
          await recordAudit(tx, actor, { entity: 'recall_contact', entityId: patientId, action: 'create', organizationId: actor.organizationId, companyId, changes: { recall: key } });
        }
      });
      const [mark] = await contactMarks(db, companyId, key, [patientId]);
      if (!mark) throw notFound('Patient not found');
      return { patient_id: patientId, contacted: markOf(mark) };
    },

    /** Takes a patient's contacted mark back (nothing to do when there is none). */
    async unmarkContacted(actor: Actor, query: RecallQuery, patientId: string): Promise<void> {
      const companyId = currentCompanyId(actor);
      const { by, value } = recallTarget(query);
      const key = recallKey(by, value);
      if (!(await patientAtLocation(db, companyId, patientId))) throw notFound('Patient not found');
      await db.transaction(async (tx) => {
        if (await deleteContactMark(tx, companyId, key, patientId)) {
          await recordAudit(tx, actor, { entity: 'recall_contact', entityId: patientId, action: 'delete', organizationId: actor.organizationId, companyId, changes: { recall: key } });
        }
      });
    },
  };
}

export type RecallService = ReturnType<typeof createRecallService>;
