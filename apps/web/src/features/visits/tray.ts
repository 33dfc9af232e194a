import { IMPLANT_MESSAGES, readUdi, trayCost, traysNeeded, type CreateTreatmentLogRequest, type Treatment, type TreatmentLog, type UpdateTreatmentLogRequest } from '@clinic/domain';

/** A treatment of the visit: a design picked now (with its tray), or one a saved visit names. */
export type TreatmentChoice = Pick<Treatment, 'id' | 'treatment_code' | 'name'> & Partial<Pick<Treatment, 'treatmentProducts'>>;

/** A product of the visit as the clinician edits it at the chair. */
export interface TrayLine {
  key: string;
  treatmentId: string | null;
  productId: string;
  productName: string;
  quantity: string;
  unitPrice: number | null;
  /** A lot the clinician named; none for first expiry first (or, for a saved line, the lots it used). */
  stockId?: string | undefined;
  /** The saved visit's line this is, when editing a visit. */
  lineId?: string | undefined;
  /** The lots a saved line used. */
  lotNumber?: string | undefined;
  /** An implant (issue 20): a new line asks for the device's UDI and site. */
  implantable?: boolean | undefined;
  implantUdi?: string | undefined;
  implantSite?: string | undefined;
  /** The implant a saved line recorded: kept as it is while the line stays. */
  implant?: { id: string; udi: string; site: string } | null | undefined;
}

/** Whether the line must carry an implant's UDI and site: an implantable product's new line. */
export const asksForImplant = (line: TrayLine) => Boolean(line.implantable) && !line.lineId;

/**
 * What the server would refuse of the tray's implants, checked before sending (same fields and
 * messages): a UDI and a site for each new implant line, a label that reads, one device a line.
 */
export function implantIssues(lines: TrayLine[]): { path: string; message: string }[] {
  return lines.flatMap((line, index) => {
    const at = `products.${String(index)}`;
    // A saved implant line keeps its record, and stays one device.
    if (line.implant) return line.quantity.trim() === '1' ? [] : [{ path: `${at}.quantity`, message: IMPLANT_MESSAGES.oneDevice }];
    if (!asksForImplant(line)) return [];
    const issues: { path: string; message: string }[] = [];
    const udi = line.implantUdi?.trim() ?? '';
    if (!udi) issues.push({ path: `${at}.implant.udi`, message: IMPLANT_MESSAGES.udiRequired });
    else {
      const read = readUdi(udi);
      if (!read.ok) issues.push({ path: `${at}.implant.udi`, message: read.message });
      else if (read.udi.standard === 'plain' || !read.udi.productId) issues.push({ path: `${at}.implant.udi`, message: IMPLANT_MESSAGES.notAUdi });
    }
    if (!line.implantSite?.trim()) issues.push({ path: `${at}.implant.site`, message: IMPLANT_MESSAGES.siteRequired });
    if (line.quantity.trim() !== '1') issues.push({ path: `${at}.quantity`, message: IMPLANT_MESSAGES.oneDevice });
    return issues;
  });
}

/**
 * The tray of the procedures' treatments (traysNeeded): each product with its design's quantity
 * times the procedures of its treatment, an implant one device a line. Chosen at the chair, each
 * treatment is one procedure.
 */
export function trayOf(treatments: TreatmentChoice[], procedures: readonly { treatment_id: string | null }[] = treatments.map((t) => ({ treatment_id: t.id }))): TrayLine[] {
  const products = new Map(treatments.flatMap((t) => (t.treatmentProducts ?? []).map((p) => [`${t.id}:${p.product_id}`, p] as const)));
  const design = treatments.flatMap((t) =>
    (t.treatmentProducts ?? []).map((p) => ({ treatment_id: t.id, product_id: p.product_id, quantity: p.quantity, implantable: p.product.implantable ?? false })),
  );
  return traysNeeded(procedures, design).map((line) => {
    const p = products.get(`${line.treatment_id}:${line.product_id}`)!;
    return {
      key: `${line.treatment_id}:${line.product_id}${line.device && line.device > 1 ? `:${String(line.device)}` : ''}`,
      treatmentId: line.treatment_id,
      productId: line.product_id,
      productName: p.product.name,
      quantity: String(line.quantity),
      unitPrice: p.estimated_unit_price,
      implantable: line.device !== null,
    };
  });
}

const slotOf = (line: Pick<TrayLine, 'treatmentId' | 'productId'>) => `${line.treatmentId ?? ''}:${line.productId}`;

/** Keeps what the clinician changed for treatments still chosen, adds the trays of new ones. */
export function mergeTray(current: TrayLine[], treatments: TreatmentChoice[]): TrayLine[] {
  const chosen = new Set(treatments.map((t) => t.id));
  const kept = current.filter((line) => line.treatmentId === null || chosen.has(line.treatmentId));
  const known = new Set(kept.map(slotOf));
  return [...kept, ...trayOf(treatments).filter((line) => !known.has(slotOf(line)))];
}

/** A saved visit's lines, priced at what they cost (a unit's share of the line). */
export function linesOfVisit(visit: TreatmentLog): TrayLine[] {
  return visit.treatment_log_products.map((p) => ({
    key: `line:${p.id}`,
    lineId: p.id,
    treatmentId: p.treatment?.id ?? null,
    productId: p.product.id,
    productName: p.product.name,
    quantity: String(p.quantity),
    unitPrice: p.quantity > 0 ? p.cost / p.quantity : null,
    lotNumber: p.lot_number,
    implant: p.implant ?? null,
  }));
}

export function estimatedCost(lines: TrayLine[]): number {
  return trayCost(lines.map((l) => ({ quantity: Number(l.quantity) || 0, unitPrice: l.unitPrice })));
}

function productsOf(lines: TrayLine[]) {
  return lines.map((l) => ({
    ...(l.lineId && { id: l.lineId }),
    product_id: l.productId,
    quantity: l.quantity.trim() === '' ? Number.NaN : Number(l.quantity),
    treatment_id: l.treatmentId,
    ...(l.stockId && { stock_id: l.stockId }),
    ...(asksForImplant(l) && { implant: { udi: l.implantUdi?.trim() ?? '', site: l.implantSite?.trim() ?? '' } }),
  }));
}

export function visitRequestOf(chartNumber: string, treatments: TreatmentChoice[], lines: TrayLine[], idempotencyKey: string): CreateTreatmentLogRequest {
  return { patient_chart_number: chartNumber, treatments: treatments.map((t) => t.id), products: productsOf(lines), idempotency_key: idempotencyKey };
}

/** An edited visit: its lines by id, the products added, and what is left out goes back to stock. */
export function visitRevisionOf(treatments: TreatmentChoice[], lines: TrayLine[]): UpdateTreatmentLogRequest {
  return { treatments: treatments.map((t) => t.id), products: productsOf(lines) };
}
