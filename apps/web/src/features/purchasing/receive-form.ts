import { readUdi, scanMatchesProduct, ReceivePurchaseOrderRequestSchema, type FieldIssue, type PurchaseOrderLine, type ReceivePurchaseOrderRequest } from '@clinic/domain';

/** One order line in the receive dialog, as the user edits it (text, as inputs hold it). */
export interface ReceiveLineDraft {
  lineId: string;
  productName: string;
  barcode: string;
  /** An HIBC label names its product by labeler code + product number, kept here. */
  manufacturerCode: string;
  consumable: boolean;
  remaining: number;
  quantity: string;
  unitsPerContainer: string;
  lotNumber: string;
  expiryDate: string;
  isConsignment: boolean;
  /** Fields the user typed in: a scan never overwrites them. */
  typed: { lotNumber?: boolean; expiryDate?: boolean };
}

/** Every line still expected, proposing the rest of its quantity and the usual units per container. */
export function draftsFor(lines: PurchaseOrderLine[]): ReceiveLineDraft[] {
  return lines
    .filter((line) => line.received_quantity < line.quantity)
    .map((line) => ({
      lineId: line.id,
      productName: line.product.name,
      barcode: line.product.barcode,
      manufacturerCode: line.product.manufacturer_code,
      consumable: line.product.type === 'consumable',
      remaining: line.quantity - line.received_quantity,
      quantity: String(line.quantity - line.received_quantity),
      unitsPerContainer: String(line.units_per_container),
      lotNumber: '',
      expiryDate: '',
      isConsignment: false,
      typed: {},
    }));
}

/**
 * The request for the lines with a quantity (0 or empty skips a line), and the problems in the
 * words the server would use, keyed by line id and field.
 */
export function receiveRequestOf(drafts: ReceiveLineDraft[], idempotencyKey: string, today: string): { request: ReceivePurchaseOrderRequest | null; issues: Record<string, FieldIssue[]> } {
  const issues: Record<string, FieldIssue[]> = {};
  const chosen = drafts.filter((d) => d.quantity.trim() !== '' && Number(d.quantity) !== 0);
  const body = {
    idempotency_key: idempotencyKey,
    lines: chosen.map((d) => ({
      line_id: d.lineId,
      quantity: Number(d.quantity),
      units_per_container: d.consumable ? 1 : d.unitsPerContainer === '' ? undefined : Number(d.unitsPerContainer),
      lotNumber: d.lotNumber.trim() || undefined,
      expiry_date: d.expiryDate || null,
      isConsignment: d.isConsignment,
    })),
  };
  const parsed = ReceivePurchaseOrderRequestSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [, index, field] = issue.path;
      const draft = typeof index === 'number' ? chosen[index] : undefined;
      const key = draft?.lineId ?? 'form';
      (issues[key] ??= []).push({ field: String(field ?? 'lines'), message: issue.message });
    }
  }
  chosen.forEach((d) => {
    if (Number(d.quantity) > d.remaining) (issues[d.lineId] ??= []).push({ field: 'quantity', message: `Cannot receive more than ordered (${String(d.remaining)} left)` });
    if (d.expiryDate && d.expiryDate < today) (issues[d.lineId] ??= []).push({ field: 'expiry_date', message: 'The expiry date cannot be in the past' });
  });
  return { request: parsed.success && Object.keys(issues).length === 0 ? parsed.data : null, issues };
}

/**
 * A scanned box (GS1 or HIBC) fills lot and expiry of its line in one go, the line found by the
 * product's barcode (GS1) or manufacturer code (HIBC); a field the user typed is never overwritten.
 */
export function applyScan(drafts: ReceiveLineDraft[], scanned: string, today: string): { drafts: ReceiveLineDraft[]; message: string; ok: boolean } {
  const read = readUdi(scanned);
  if (!read.ok) return { drafts, message: read.message, ok: false };
  const udi = read.udi;
  const index = drafts.findIndex((d) => scanMatchesProduct(udi, { barcode: d.barcode, manufacturer_code: d.manufacturerCode }));
  if (index === -1) return { drafts, message: 'This barcode is not a product of this order', ok: false };
  const draft = drafts[index]!;
  if (udi.standard === 'plain') return { drafts, message: `${draft.productName}: this barcode has no lot or expiry to fill in`, ok: false };
  if (udi.expiry && udi.expiry < today) return { drafts, message: `The scanned lot expired on ${udi.expiry}`, ok: false };
  const next = { ...draft };
  const filled: string[] = [];
  const lot = udi.lot ?? udi.serial;
  if (lot && !draft.typed.lotNumber) {
    next.lotNumber = lot;
    filled.push(`lot ${lot}`);
  }
  if (udi.expiry && !draft.typed.expiryDate) {
    next.expiryDate = udi.expiry;
    filled.push(`expiry ${udi.expiry}`);
  }
  if (filled.length === 0) return { drafts, message: `${draft.productName}: those fields already have values`, ok: false };
  return { drafts: drafts.map((d, i) => (i === index ? next : d)), message: `${draft.productName}: filled ${filled.join(' and ')}`, ok: true };
}
