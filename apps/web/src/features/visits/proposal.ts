import type { ProposedTrayLine } from '@clinic/domain';
import type { TrayLine } from './tray';

/**
 * A proposed line the clinician accepted, into the tray: the product's line of the same treatment
 * (or, failing that, any line of the product) takes the accepted quantity; otherwise a line is
 * added, under the design's treatment when that treatment is chosen. An implant is one device a
 * line, so an accepted implant adds a line for each device (with its UDI and site still to scan).
 */
export function acceptProposed(lines: TrayLine[], proposed: ProposedTrayLine, quantity: string, chosenTreatmentIds: ReadonlySet<string>): TrayLine[] {
  const { product } = proposed;
  const treatmentId = proposed.treatment_id && chosenTreatmentIds.has(proposed.treatment_id) ? proposed.treatment_id : null;
  const line = (amount: string): TrayLine => ({
    key: `proposed:${product.id}:${crypto.randomUUID()}`,
    treatmentId,
    productId: product.id,
    productName: product.name,
    quantity: amount,
    unitPrice: proposed.unit_price,
    implantable: product.implantable,
  });
  if (product.implantable) {
    const devices = Math.max(1, Math.round(Number(quantity) || 1));
    return [...lines, ...Array.from({ length: devices }, () => line('1'))];
  }
  const same = lines.find((l) => l.productId === product.id && l.treatmentId === treatmentId) ?? lines.find((l) => l.productId === product.id);
  if (same) return lines.map((l) => (l === same ? { ...l, quantity } : l));
  return [...lines, line(quantity)];
}

/** The note's words a line came from, as the panel quotes them. */
export const quotedWords = (line: Pick<ProposedTrayLine, 'words'>) => `“${line.words.map((w) => w.text).join(' … ')}”`;
