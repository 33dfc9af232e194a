import { locationDay } from '../../db/location-day';
import {
  stockUnitOf,
  TRAY_PROPOSAL_MESSAGES,
  TREATMENT_LOG_MESSAGES,
  type CaseNoteCatalogEntry,
  type TrayProposal,
  type TrayProposalRequest,
  type TrayProposalSource,
  type VisitTrayProposalQuery,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { currentCompanyId } from '../../core/access';
import { badRequest, invalidFields, notFound } from '../../core/errors';
import { planLots } from '../ledger/ledger';
import { findTreatments } from '../treatments/treatments.reads';
import { designLines, locationCatalog, type CatalogProductRow } from './tray-proposal.repo';
import { findTreatmentLogs, listLogTreatments } from './treatment-logs.repo';
import type { TrayProposer } from './tray-proposer';

const entryOf = (p: CatalogProductRow): CaseNoteCatalogEntry => ({
  id: p.id,
  name: p.name,
  brand: p.brand,
  manufacturer_code: p.manufacturerCode,
  type: p.type,
  container: p.container as CaseNoteCatalogEntry['container'],
  basic_unit: p.basicUnit as CaseNoteCatalogEntry['basic_unit'],
  weight_or_volume: p.weightOrVolume,
});

/**
 * Issue 55: the tray a visit's words propose, as a draft beside the tray at the chair and on the
 * visit's edit page. The proposer (local matcher, or an OpenAI-compatible endpoint whose lines are
 * checked) names products of the location's catalog with quantities in their stock units; the
 * ledger's rule says which usable lots would give them, first expiry first. Nothing is written: the
 * units leave only when the clinician accepts lines and saves the visit.
 */
export function createTrayProposalService(deps: ServiceDeps, proposer: TrayProposer) {
  const { db } = deps;

  async function propose(companyId: string, note: string, treatmentIds: string[], source: TrayProposalSource): Promise<TrayProposal> {
    const [catalog, design] = await Promise.all([locationCatalog(db, companyId), designLines(db, companyId, treatmentIds)]);
    const products = new Map(catalog.map((p) => [p.id, p]));
    // Two treatments holding one product: the design takes the sum.
    const designed = new Map<string, { quantity: number; treatmentId: string }>();
    for (const d of design) designed.set(d.productId, { quantity: (designed.get(d.productId)?.quantity ?? 0) + d.quantity, treatmentId: designed.get(d.productId)?.treatmentId ?? d.treatmentId });
    const answer = await proposer.propose({
      note,
      catalog: catalog.map(entryOf),
      design: [...designed].map(([product_id, d]) => ({ product_id, quantity: d.quantity })),
    });
    const lines = answer.lines.filter((l) => products.has(l.product_id));
    const plans = await planLots(
      db,
      companyId,
      lines.map((l) => ({ productId: l.product_id, productName: products.get(l.product_id)!.name, quantity: l.quantity })),
      await locationDay(db, companyId, deps.now()),
    );
    return {
      source,
      engine: answer.engine,
      note,
      dropped: answer.dropped,
      lines: lines.map((line, i) => {
        const product = products.get(line.product_id)!;
        const plan = plans[i]!;
        return {
          product: { id: product.id, name: product.name, unit: stockUnitOf({ basic_unit: product.basicUnit, container: product.container }), implantable: product.implantable },
          quantity: line.quantity,
          words: line.words,
          treatment_id: designed.get(product.id)?.treatmentId ?? null,
          lots: plan.lots.map(({ lot, quantity }) => ({ stock_id: lot.id, lot_number: lot.lotNumber, expiry_date: lot.expiryDate, quantity })),
          unit_price: plan.lots[0]?.lot.unitPrice ?? null,
          stock_problem: plan.problem,
        };
      }),
    };
  }

  return {
    /** A visit being recorded at the chair: the note typed so far and the treatments chosen, at the token's location. */
    async forChair(actor: Actor, body: TrayProposalRequest): Promise<TrayProposal> {
      const companyId = currentCompanyId(actor);
      const found = new Set((await findTreatments(db, companyId, body.treatments)).map((r) => r.treatment.id));
      const missing = body.treatments.flatMap((id, i) => (found.has(id) ? [] : [{ field: `treatments.${String(i)}`, message: TREATMENT_LOG_MESSAGES.treatmentNotFound }]));
      if (missing.length > 0) throw invalidFields(missing);
      return propose(companyId, body.note, body.treatments, 'note');
    },

    /** A saved visit of the location: its case note (or, asked or without one, its recording's transcript). */
    async forVisit(actor: Actor, id: string, query: VisitTrayProposalQuery): Promise<TrayProposal> {
      const companyId = currentCompanyId(actor);
      const [row] = await findTreatmentLogs(db, companyId, [id]);
      if (!row) throw notFound();
      const source = query.source ?? (row.log.caseNotes.trim() ? 'case_notes' : 'transcript');
      const text = source === 'case_notes' ? row.log.caseNotes : row.log.recordingTranscript;
      if (!text.trim()) throw badRequest('source', TRAY_PROPOSAL_MESSAGES.noSource);
      const treatments = await listLogTreatments(db, [id]);
      return propose(companyId, text, treatments.map((t) => t.id), source);
    },
  };
}

export type TrayProposalService = ReturnType<typeof createTrayProposalService>;
