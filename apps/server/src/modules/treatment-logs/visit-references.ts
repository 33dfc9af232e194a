import { TREATMENT_LOG_MESSAGES } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { invalidFields } from '../../core/errors';
import { visibleProductIds } from '../products/products.reads';
import { findTreatments } from '../treatments/treatments.reads';

/** A visit's product line as its check needs it. */
interface LineReference {
  productId: string;
  treatmentId: string | null;
}

/**
 * A visit may name only the location's own treatments and the products its catalog shows, and
 * each product line belongs to one of the visit's treatments (issue 50, item 9). Checked inside the
 * one entry point that records a visit and the one that revises it, so the chair, the practice
 * system's confirm and sync, the CSV path and the seed all pass it; each problem names its field
 * as the chair's form sends it, and nothing of another organization is ever named.
 */
export async function checkVisitReferences(tx: DbOrTx, companyId: string, treatmentIds: string[], products: LineReference[]): Promise<void> {
  const found = new Set((await findTreatments(tx, companyId, treatmentIds)).map((r) => r.treatment.id));
  const visible = await visibleProductIds(
    tx,
    companyId,
    products.map((p) => p.productId),
  );
  const issues = [
    ...treatmentIds.flatMap((id, i) => (found.has(id) ? [] : [{ field: `treatments.${String(i)}`, message: TREATMENT_LOG_MESSAGES.treatmentNotFound }])),
    ...products.flatMap((p, i) => (visible.has(p.productId) ? [] : [{ field: `products.${String(i)}.product_id`, message: TREATMENT_LOG_MESSAGES.productNotFound }])),
    ...products.flatMap((p, i) => (p.treatmentId && !treatmentIds.includes(p.treatmentId) ? [{ field: `products.${String(i)}.treatment_id`, message: TREATMENT_LOG_MESSAGES.notOfVisitTreatments }] : [])),
  ];
  if (issues.length > 0) throw invalidFields(issues);
}
