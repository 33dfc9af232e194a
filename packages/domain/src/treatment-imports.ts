import { z } from './zod';
import { UuidSchema } from './fields';

/**
 * `POST import/treatment` (spec section 7): treatment designs from a CSV, for one location.
 * Headers are matched case-insensitively; the template lists them in this order.
 */
export const TREATMENT_IMPORT_COLUMNS = [
  { key: 'treatment_code', header: 'Treatment Code', required: true, example: 'D2391' },
  { key: 'name', header: 'Name', required: true, example: 'Resin-based composite, one surface, posterior' },
  { key: 'abbreviation', header: 'Abbreviation', required: false, example: 'COMP 1S' },
  { key: 'category', header: 'Category', required: false, example: 'Restorative' },
  { key: 'description', header: 'Description', required: false, example: 'Class I composite' },
  /** The tray: barcode x quantity, separated by semicolons. */
  { key: 'products', header: 'Products', required: false, example: '707387701263 x 0.3; 10381780151504 x 2' },
] as const;
export type TreatmentImportField = (typeof TREATMENT_IMPORT_COLUMNS)[number]['key'];

/** A design file is small: a clinic's procedures, not a catalog. */
export const MAX_TREATMENT_IMPORT_ROWS = 2_000;

export const TREATMENT_IMPORT_MESSAGES = {
  locationRequired: 'Choose the location the treatments belong to',
  categoryMissing: (name: string) => `Treatment category '${name}' does not exist`,
  productsFormat: (part: string) => `'${part}' is not written barcode x quantity`,
  productMissing: (barcode: string) => `No product with barcode '${barcode}'`,
  productTwice: (barcode: string) => `Product '${barcode}' is listed twice`,
  duplicateInFile: 'The same treatment code appears earlier in the file',
  tooLong: (header: string, max: number) => `${header} must be at most ${String(max)} characters`,
  done: (imported: number, failed: number) => `Treatments imported: ${String(imported)}. Need fixing: ${String(failed)}.`,
} as const;

export const CreateTreatmentImportRequestSchema = z.object({
  /** The public_url of an upload of type treatment_csv_import (or product_csv_import, as every CSV was uploaded before issue 54). */
  file_url: z.string().trim().min(1, 'Required').max(500),
  /** The location that gets the designs: the admin names one; a location user's import uses their own. */
  location_id: UuidSchema.optional(),
});
export type CreateTreatmentImportRequest = z.infer<typeof CreateTreatmentImportRequestSchema>;

export const TreatmentImportResultSchema = z.object({
  total_rows: z.number().int(),
  succeeded_rows: z.number().int(),
  failed_rows: z.number().int(),
  rows: z.array(
    z.object({
      row_number: z.number().int(),
      treatment_code: z.string(),
      status: z.enum(['succeeded', 'failed']),
      reason: z.string().nullable(),
      treatment_id: UuidSchema.nullable(),
    }),
  ),
});
export type TreatmentImportResult = z.infer<typeof TreatmentImportResultSchema>;

/** The template users download next to the upload. */
export function treatmentImportTemplateCsv(): string {
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return `${TREATMENT_IMPORT_COLUMNS.map((c) => quote(c.header)).join(',')}\n${TREATMENT_IMPORT_COLUMNS.map((c) => (c.key === 'products' ? '' : quote(c.example))).join(',')}\n`;
}
