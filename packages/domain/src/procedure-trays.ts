/**
 * The trays a set of procedures needs (issue 54, item 4): the one rule behind the chair's tray of
 * the chosen treatments, the Edit tray of procedures waiting from the practice system, and the tray
 * the server records for them. Zod-free: the chair's first page imports it.
 */

/** A line of a treatment's design. */
export interface DesignedLine {
  treatment_id: string;
  product_id: string;
  /** Units of the product the design takes, in its stock unit. */
  quantity: number;
  implantable: boolean;
}

/** A line of the tray needed; `device` numbers an implant's lines (1, 2, ...), null for any other product. */
export interface NeededLine {
  treatment_id: string;
  product_id: string;
  quantity: number;
  device: number | null;
}

/**
 * Each procedure takes its treatment's design once: a product's quantity is the design's times the
 * procedures of that treatment (two fillings, two trays). An implant is one device a line, since
 * each carries its own UDI and site: it comes as that many lines of one. Lines keep the designs'
 * order; a procedure with no treatment takes nothing.
 */
export function traysNeeded(procedures: readonly { treatment_id: string | null }[], design: readonly DesignedLine[]): NeededLine[] {
  const count = new Map<string, number>();
  for (const p of procedures) if (p.treatment_id !== null) count.set(p.treatment_id, (count.get(p.treatment_id) ?? 0) + 1);
  return design.flatMap((line): NeededLine[] => {
    const times = count.get(line.treatment_id) ?? 0;
    if (times === 0) return [];
    const quantity = line.quantity * times;
    if (!line.implantable) return [{ treatment_id: line.treatment_id, product_id: line.product_id, quantity, device: null }];
    const devices = Math.max(1, Math.round(quantity));
    return Array.from({ length: devices }, (_, k) => ({ treatment_id: line.treatment_id, product_id: line.product_id, quantity: 1, device: k + 1 }));
  });
}
