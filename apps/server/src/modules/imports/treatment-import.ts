import {
  csvImportUploads,
  CreateTreatmentRequestSchema,
  MAX_TREATMENT_IMPORT_ROWS,
  TREATMENT_IMPORT_COLUMNS,
  TREATMENT_IMPORT_MESSAGES,
  TREATMENT_MESSAGES,
  type CreateTreatmentImportRequest,
  type CreateTreatmentRequest,
  type TreatmentImportField,
  type TreatmentImportResult,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { AppError, badRequest } from '../../core/errors';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit } from '../audit/audit.writes';
import { productIdsByBarcode } from '../products/products.reads';
import { insertTreatment, newTreatmentOf, replaceTray } from '../treatments/treatments.writes';
import { treatmentCategoryIdsByName, treatmentCodes } from '../treatments/treatments.reads';
import { keyFromFileUrl } from '../uploads/storage';
import { readAll, readCsvTable } from './import-file';
import { importLocation } from './import-location';

type RowData = Partial<Record<TreatmentImportField, string>>;

/** "barcode x quantity; barcode x quantity" as pairs, or the part that is not written that way. */
export function parseTray(cell: string | undefined): { barcode: string; quantity: number }[] | { bad: string } {
  if (!cell) return [];
  const items: { barcode: string; quantity: number }[] = [];
  for (const part of cell.split(';').map((p) => p.trim()).filter(Boolean)) {
    const match = /^(\S+)\s*[xX×*]\s*(\d+(?:\.\d+)?)$/.exec(part);
    if (!match) return { bad: part };
    items.push({ barcode: match[1]!, quantity: Number(match[2]) });
  }
  return items;
}

/**
 * `POST import/treatment`: a location's treatment designs from a CSV, answered at once (a design
 * file is small). Each row is checked like the design form (the same schema and messages) plus
 * the file's references (category, products by barcode); a good row is saved with its tray in
 * its own transaction, a bad one keeps its reason and never stops the others.
 */
export function createTreatmentImportService(deps: ServiceDeps) {
  const { db, files } = deps;

  async function readUpload(actor: Actor, fileUrl: string): Promise<Buffer> {
    const url = await files.resolveForRecord(actor, 'file_url', fileUrl, { types: csvImportUploads('treatment_csv_import') });
    const stream = await files.storage.openRead(keyFromFileUrl(url)!);
    if (!stream) throw badRequest('file_url', 'The uploaded file is missing');
    return readAll(stream);
  }

  return {
    async run(actor: Actor, body: CreateTreatmentImportRequest): Promise<TreatmentImportResult> {
      const companyId = await importLocation(db, actor, body.location_id);
      if (!companyId) throw badRequest('location_id', TREATMENT_IMPORT_MESSAGES.locationRequired);
      const parsed = await readCsvTable(await readUpload(actor, body.file_url), TREATMENT_IMPORT_COLUMNS, MAX_TREATMENT_IMPORT_ROWS);
      if ('error' in parsed) throw new AppError('BAD_REQUEST', parsed.error, { field: 'file_url' });

      const trays = parsed.rows.map((row) => parseTray(row.data.products));
      const barcodes = [...new Set(trays.flatMap((t) => ('bad' in t ? [] : t.map((i) => i.barcode))))];
      const [categories, productIds, taken] = await Promise.all([treatmentCategoryIdsByName(db, companyId), productIdsByBarcode(db, companyId, barcodes), treatmentCodes(db, companyId)]);

      const rows: TreatmentImportResult['rows'] = [];
      for (const [index, { rowNumber, data }] of parsed.rows.entries()) {
        const code = data.treatment_code ?? '';
        const outcome = checkRow(data, trays[index]!, { categories, productIds, taken });
        if ('reason' in outcome) {
          rows.push({ row_number: rowNumber, treatment_code: code, status: 'failed', reason: outcome.reason, treatment_id: null });
          continue;
        }
        try {
          const id = await db.transaction(async (tx) => {
            const request = outcome.request;
            const created = await insertTreatment(tx, newTreatmentOf(companyId, actor.userId, request));
            await replaceTray(tx, created.id, request.treatmentProducts.map((p) => ({ productId: p.product_id, quantity: p.quantity })));
            await recordAudit(tx, actor, { entity: 'treatment', entityId: created.id, action: 'import', organizationId: actor.organizationId, companyId, changes: { row: rowNumber, ...request } });
            return created.id;
          });
          taken.add(code.toLowerCase());
          rows.push({ row_number: rowNumber, treatment_code: code, status: 'succeeded', reason: null, treatment_id: id });
        } catch (error) {
          // Another writer took the code meanwhile.
          if (!isUniqueViolation(error)) throw error;
          rows.push({ row_number: rowNumber, treatment_code: code, status: 'failed', reason: TREATMENT_MESSAGES.exists, treatment_id: null });
        }
      }
      const succeeded = rows.filter((r) => r.status === 'succeeded').length;
      return { total_rows: rows.length, succeeded_rows: succeeded, failed_rows: rows.length - succeeded, rows };
    },
  };
}

interface References {
  categories: ReadonlyMap<string, string>;
  productIds: ReadonlyMap<string, string>;
  /** Codes in use at the location, and those imported earlier in the file. */
  taken: ReadonlySet<string>;
}

/** A row as the design form's request, or every reason it cannot be one. */
function checkRow(data: RowData, tray: ReturnType<typeof parseTray>, refs: References): { request: CreateTreatmentRequest } | { reason: string } {
  const problems: string[] = [];
  const categoryId = data.category ? refs.categories.get(data.category.toLowerCase()) : undefined;
  if (data.category && !categoryId) problems.push(TREATMENT_IMPORT_MESSAGES.categoryMissing(data.category));
  const items: { product_id: string; quantity: number }[] = [];
  if ('bad' in tray) problems.push(TREATMENT_IMPORT_MESSAGES.productsFormat(tray.bad));
  else {
    const seen = new Set<string>();
    for (const item of tray) {
      const productId = refs.productIds.get(item.barcode);
      if (!productId) problems.push(TREATMENT_IMPORT_MESSAGES.productMissing(item.barcode));
      else if (seen.has(item.barcode)) problems.push(TREATMENT_IMPORT_MESSAGES.productTwice(item.barcode));
      else items.push({ product_id: productId, quantity: item.quantity });
      seen.add(item.barcode);
    }
  }
  const request = CreateTreatmentRequestSchema.safeParse({
    treatment_code: data.treatment_code ?? '',
    name: data.name ?? '',
    abbreviation: data.abbreviation,
    description: data.description,
    category_id: categoryId ?? null,
    treatmentProducts: items,
  });
  if (!request.success) problems.push(...request.error.issues.map((issue) => issue.message));
  if (data.treatment_code && refs.taken.has(data.treatment_code.toLowerCase())) problems.push(TREATMENT_MESSAGES.exists);
  if (problems.length > 0 || !request.success) return { reason: [...new Set(problems)].join('; ') };
  return { request: request.data };
}

export type TreatmentImportService = ReturnType<typeof createTreatmentImportService>;
