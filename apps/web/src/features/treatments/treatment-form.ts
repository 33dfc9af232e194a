import { CreateTreatmentRequestSchema, type CreateTreatmentRequest, type Treatment } from '@clinic/domain';

/** A tray row as the form holds it: the product picked and the quantity typed. */
export interface TrayRow {
  productId: string;
  productName: string;
  quantity: string;
}

export interface TreatmentDraft {
  treatment_code: string;
  name: string;
  abbreviation: string;
  description: string;
  categoryId: string;
  tray: TrayRow[];
}

export function draftOf(treatment?: Treatment, categoryId = ''): TreatmentDraft {
  return {
    treatment_code: treatment?.treatment_code ?? '',
    name: treatment?.name ?? '',
    abbreviation: treatment?.abbreviation ?? '',
    description: treatment?.description ?? '',
    categoryId: treatment?.category?.id ?? categoryId,
    tray: treatment?.treatmentProducts.map((p) => ({ productId: p.product_id, productName: p.product.name, quantity: String(p.quantity) })) ?? [],
  };
}

/**
 * The request for a draft, checked by the same schema the server runs; problems come back keyed
 * by field ('treatment_code', 'name', 'tray.{productId}').
 */
export function treatmentRequestOf(draft: TreatmentDraft): { request: CreateTreatmentRequest | null; errors: Record<string, string> } {
  const parsed = CreateTreatmentRequestSchema.safeParse({
    treatment_code: draft.treatment_code,
    name: draft.name,
    abbreviation: draft.abbreviation,
    description: draft.description,
    category_id: draft.categoryId || null,
    treatmentProducts: draft.tray.map((row) => ({ product_id: row.productId, quantity: row.quantity.trim() === '' ? undefined : Number(row.quantity) })),
  });
  if (parsed.success) return { request: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    const key = field === 'treatmentProducts' && typeof index === 'number' ? `tray.${draft.tray[index]?.productId ?? ''}` : String(field);
    errors[key] ??= issue.message;
  }
  return { request: null, errors };
}
