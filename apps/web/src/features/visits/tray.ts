import { trayCost, type CreateTreatmentLogRequest, type Treatment } from '@clinic/domain';

/** A product of the visit as the clinician edits it at the chair. */
export interface TrayLine {
  key: string;
  treatmentId: string | null;
  productId: string;
  productName: string;
  quantity: string;
  unitPrice: number | null;
  /** A lot the clinician named; none for first expiry first. */
  stockId?: string | undefined;
}

/** The tray of the chosen treatments, each product with its design's default quantity. */
export function trayOf(treatments: Treatment[]): TrayLine[] {
  return treatments.flatMap((t) =>
    t.treatmentProducts.map((p) => ({ key: `${t.id}:${p.product_id}`, treatmentId: t.id, productId: p.product_id, productName: p.product.name, quantity: String(p.quantity), unitPrice: p.estimated_unit_price })),
  );
}

/** Keeps what the clinician changed for treatments still chosen, adds the trays of new ones. */
export function mergeTray(current: TrayLine[], treatments: Treatment[]): TrayLine[] {
  const chosen = new Set(treatments.map((t) => t.id));
  const kept = current.filter((line) => line.treatmentId === null || chosen.has(line.treatmentId));
  const known = new Set(kept.map((line) => line.key));
  return [...kept, ...trayOf(treatments).filter((line) => !known.has(line.key))];
}

export function estimatedCost(lines: TrayLine[]): number {
  return trayCost(lines.map((l) => ({ quantity: Number(l.quantity) || 0, unitPrice: l.unitPrice })));
}

export function visitRequestOf(chartNumber: string, treatments: Treatment[], lines: TrayLine[], idempotencyKey: string): CreateTreatmentLogRequest {
  return {
    patient_chart_number: chartNumber,
    treatments: treatments.map((t) => t.id),
    products: lines.map((l) => ({ product_id: l.productId, quantity: l.quantity.trim() === '' ? Number.NaN : Number(l.quantity), treatment_id: l.treatmentId, ...(l.stockId && { stock_id: l.stockId }) })),
    idempotency_key: idempotencyKey,
  };
}
