import { locationDay } from '../../db/location-day';
import {
  csvImportUploads,
  IMPORT_MESSAGES,
  isImportExampleRow,
  pageWindow,
  toPage,
  type CreateProductImportRequest,
  type FixImportRowRequest,
  type Page,
  type ProductImport,
  type ProductImportDetail,
  type ProductImportRow,
  type ProductImportRowData,
  type ProductImportRowsQuery,
  type PageQuery,
} from '@clinic/domain';
import type { JobRun } from '../../jobs/job-queue';
import { QUEUES } from '../../jobs/queues';
import type { ServiceDeps } from '../../services';
import type { Tx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { ownerCompanyFor } from '../../core/access';
import { AppError, conflict, notFound } from '../../core/errors';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit } from '../audit/audit.writes';
import { categoryIdsByName } from '../categories/categories.reads';
import { findClashes } from '../products/products.reads';
import { insertProduct, insertProducts, type NewProduct } from '../products/products.writes';
import { keyFromFileUrl } from '../uploads/storage';
import { readAll, readImportFile } from './import-file';
import { validateImportRow, type ImportedProductValues, type ImportedStockValues, type StockLookup } from './import-row';
import { importLocation } from './import-location';
import { supplierIdsByName } from '../suppliers/suppliers.reads';
import { type NewStock } from '../ledger/ledger';
import {
  findImportById,
  findImport,
  findImportLine,
  insertImport,
  insertImportLines,
  lastRecordedRow,
  listImportLines,
  listImports,
  refreshImportCounts,
  updateImport,
  updateImportLine,
  type ImportLineRow,
  type ImportRow,
  type NewImportLine,
} from './imports.repo';

/** Rows written per transaction: big enough to be fast, small enough to show progress. */
const CHUNK = 500;

const toImport = (row: ImportRow): ProductImport => ({
  id: row.id,
  file_name: row.fileName,
  status: row.status,
  error: row.error,
  total_rows: row.totalRows,
  processed_rows: row.processedRows,
  succeeded_rows: row.succeededRows,
  failed_rows: row.failedRows,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
  stock_location_id: row.stockCompanyId,
  resumed: row.resumedAt ? { at: row.resumedAt.toISOString(), after_rows: row.resumedAfterRows ?? 0 } : null,
});

const toLine = (row: ImportLineRow): ProductImportRow => ({
  id: row.id,
  row_number: row.rowNumber,
  status: row.status,
  reason: row.reason,
  data: row.data,
  product_id: row.productId,
});

/** The product an import row becomes: the admin's imports fill the shared, approved catalog. */
function productValues(importRow: Pick<ImportRow, 'companyId' | 'createdBy'>, values: ImportedProductValues): NewProduct {
  return { ...values, companyId: importRow.companyId, isApproved: importRow.companyId === null, createdBy: importRow.createdBy };
}

/** A row's stock as a receipt at the import's location, for the product the row became. */
function stockValues(job: Pick<ImportRow, 'stockCompanyId' | 'createdBy'>, productId: string, stock: ImportedStockValues): NewStock {
  return {
    companyId: job.stockCompanyId!,
    productId,
    supplierId: stock.supplierId,
    containerQuantity: stock.containerQuantity,
    unitsPerContainer: stock.unitsPerContainer,
    pricePerContainer: stock.pricePerContainer,
    unitPrice: stock.unitPrice,
    expiryDate: stock.expiryDate,
    lotNumber: stock.lotNumber,
    note: 'Imported',
    createdBy: job.createdBy,
  };
}

export function createImportsService(deps: ServiceDeps) {
  const { db, files, now, jobs } = deps;
  const { ledger } = deps;

  /** What a row's stock columns are checked against: the receiving location's suppliers. */
  async function stockLookup(job: Pick<ImportRow, 'stockCompanyId'>): Promise<StockLookup> {
    return { suppliers: job.stockCompanyId ? await supplierIdsByName(db, job.stockCompanyId) : null, today: await locationDay(db, job.stockCompanyId, now()) };
  }

  /** Receives the stock of rows just imported through the ledger, for the user who started the import. */
  async function receiveImportedStock(tx: Tx, job: Pick<ImportRow, 'id' | 'fileName' | 'stockCompanyId' | 'createdBy'>, stocks: NewStock[]) {
    if (stocks.length === 0 || !job.stockCompanyId) return;
    await ledger.receive(tx, { userId: job.createdBy, organizationId: null }, { companyId: job.stockCompanyId, stocks, source: { source: 'product_import', import_id: job.id, file: job.fileName } });
  }

  /** Validates one chunk against the catalog and the rows before it, then writes it in one transaction. */
  async function processChunk(job: ImportRow, chunk: { rowNumber: number; data: ProductImportRowData }[], categories: Map<string, string>, lookup: StockLookup, seen: { names: Set<string>; barcodes: Set<string> }) {
    const outcomes = chunk.map((row) => ({ row, outcome: validateImportRow(row.data, categories, lookup) }));
    // Every row with a name or barcode is checked against the catalog, valid or not: a product that
    // exists is refused as such, since fixing the row's other problems would not import it.
    const clashes = await findClashes(
      db,
      job.companyId,
      chunk.flatMap((r) => (r.data.name ? [r.data.name] : [])),
      chunk.flatMap((r) => (r.data.barcode ? [r.data.barcode] : [])),
    );
    const exists = (data: ProductImportRowData) => clashes.names.has((data.name ?? '').toLowerCase()) || clashes.barcodes.has(data.barcode ?? '');
    const lines: NewImportLine[] = [];
    const toInsert: { line: NewImportLine; values: NewProduct; stock: ImportedStockValues | null }[] = [];
    for (const { row, outcome } of outcomes) {
      const line: NewImportLine = { importId: job.id, rowNumber: row.rowNumber, data: row.data as Record<string, string>, status: 'failed', reason: null, productId: null };
      lines.push(line);
      if (!outcome.ok) {
        line.reason = exists(row.data) && !isImportExampleRow(row.data.name) ? IMPORT_MESSAGES.exists : outcome.reason;
        continue;
      }
      const name = outcome.values.name.toLowerCase();
      if (seen.names.has(name) || seen.barcodes.has(outcome.values.barcode)) {
        line.reason = IMPORT_MESSAGES.duplicateInFile;
        continue;
      }
      seen.names.add(name);
      seen.barcodes.add(outcome.values.barcode);
      if (clashes.names.has(name) || clashes.barcodes.has(outcome.values.barcode)) {
        line.reason = IMPORT_MESSAGES.exists;
        continue;
      }
      toInsert.push({ line, values: productValues(job, outcome.values), stock: outcome.stock });
    }
    try {
      await writeChunk(job, toInsert, lines);
    } catch (error) {
      // The chunk is retried row by row: forget what it claimed as seen.
      for (const { values } of toInsert) {
        seen.names.delete(values.name!.toLowerCase());
        seen.barcodes.delete(values.barcode!);
      }
      throw error;
    }
  }

  async function writeChunk(job: ImportRow, toInsert: { line: NewImportLine; values: NewProduct; stock: ImportedStockValues | null }[], lines: NewImportLine[]) {
    const importId = lines[0]!.importId;
    await db.transaction(async (tx) => {
      const created = await insertProducts(
        tx,
        toInsert.map((i) => i.values),
      );
      const stocks: NewStock[] = [];
      created.forEach((product, index) => {
        const { line, stock } = toInsert[index]!;
        line.status = 'succeeded';
        line.productId = product.id;
        if (stock) stocks.push(stockValues(job, product.id, stock));
      });
      await receiveImportedStock(tx, job, stocks);
      await insertImportLines(tx, lines);
      await refreshImportCounts(tx, importId, now());
    });
  }

  async function run(job: ImportRow): Promise<void> {
    const key = job.fileKey;
    const stream = await files.storage.openRead(key);
    if (!stream) {
      await updateImport(db, job.id, { status: 'failed', error: 'The uploaded file is missing', finishedAt: now() });
      return;
    }
    const parsed = await readImportFile(await readAll(stream));
    if ('error' in parsed) {
      await updateImport(db, job.id, { status: 'failed', error: parsed.error, finishedAt: now() });
      return;
    }
    await updateImport(db, job.id, { totalRows: parsed.rows.length, heartbeatAt: now() });
    const categories = await categoryIdsByName(db, job.companyId);
    const lookup = await stockLookup(job);
    const seen = { names: new Set<string>(), barcodes: new Set<string>() };
    // A worker taking over a stalled import continues after the rows already recorded.
    const resumeAfter = await lastRecordedRow(db, job.id);
    const rows = parsed.rows.filter((r) => r.rowNumber > resumeAfter);
    for (let start = 0; start < rows.length; start += CHUNK) {
      // Lets requests waiting for the database go between two chunks: the embedded database runs
      // one statement at a time, and would otherwise hand it straight to the next chunk.
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      const chunk = rows.slice(start, start + CHUNK);
      try {
        await processChunk(job, chunk, categories, lookup, seen);
      } catch (error) {
        // Another writer took a name between the check and the insert: settle the chunk row by row.
        if (!isUniqueViolation(error)) throw error;
        for (const row of chunk) await processChunk(job, [row], categories, lookup, seen).catch(async (rowError: unknown) => {
          if (!isUniqueViolation(rowError)) throw rowError;
          await insertImportLines(db, [{ importId: job.id, rowNumber: row.rowNumber, data: row.data as Record<string, string>, status: 'failed', reason: IMPORT_MESSAGES.exists, productId: null }]);
        });
      }
    }
    await refreshImportCounts(db, job.id, now());
    await updateImport(db, job.id, { status: 'completed', finishedAt: now() });
  }

  /**
   * The product-import queue's job. A retry (its process died, or an attempt failed) continues
   * after the rows already recorded; the last failed attempt fails the import. One taking over
   * from a process that died says so on the import, with the rows done by then.
   */
  async function runJob({ importId }: { importId: string }, attempt: JobRun): Promise<void> {
    const found = await findImportById(db, importId);
    if (!found || found.status === 'completed' || found.status === 'failed') return;
    const job = { ...found, status: 'processing' as const, startedAt: found.startedAt ?? now() };
    const resumed = attempt.interrupted ? { resumedAt: now(), resumedAfterRows: found.processedRows } : {};
    await updateImport(db, job.id, { status: job.status, startedAt: job.startedAt, heartbeatAt: now(), ...resumed });
    try {
      await run(job);
    } catch (error) {
      if (attempt.lastAttempt) await updateImport(db, job.id, { status: 'failed', error: 'The import stopped unexpectedly. Upload the file again.', finishedAt: now() });
      throw error;
    }
  }

  const service = {
    /** The product-import queue's handler (registered in app.ts). */
    runJob,

    /** Starts the imports just queued, in this process (the route calls it after answering). */
    kick: () => { jobs.kick(QUEUES.productImport.name); },

    /** Runs every import that is due, here and now. */
    drain: async (): Promise<void> => { await jobs.drain(QUEUES.productImport.name); },

    async create(actor: Actor, body: CreateProductImportRequest): Promise<ProductImport> {
      const url = await files.resolveForRecord(actor, 'file_url', body.file_url, { types: csvImportUploads('product_csv_import') });
      const upload = await files.uploadFor(url);
      const stockCompanyId = await importLocation(db, actor, body.location_id);
      const row = await db.transaction(async (tx) => {
        const created = await insertImport(tx, { companyId: ownerCompanyFor(actor), stockCompanyId, fileKey: keyFromFileUrl(url)!, fileName: upload?.fileName ?? 'import.csv', createdBy: actor.userId });
        await recordAudit(tx, actor, { entity: 'product_import', entityId: created.id, action: 'create', organizationId: actor.organizationId, companyId: created.companyId, changes: { file: created.fileName } });
        await jobs.send(QUEUES.productImport, { importId: created.id }, { tx });
        return created;
      });
      return toImport(row);
    },

    async list(actor: Actor, query: PageQuery): Promise<Page<ProductImport>> {
      const { records, total } = await listImports(db, ownerCompanyFor(actor), pageWindow(query));
      return toPage(records.map(toImport), total, query);
    },

    async get(actor: Actor, id: string, query: ProductImportRowsQuery): Promise<ProductImportDetail> {
      const row = await findImport(db, id, ownerCompanyFor(actor));
      if (!row) throw notFound();
      const lines = await listImportLines(db, id, query.status, pageWindow(query));
      return { ...toImport(row), rows: toPage(lines.records.map(toLine), lines.total, query) };
    },

    /** A failed row, corrected: validated again and imported, or refused with its reasons (nothing changes). */
    async fixRow(actor: Actor, lineId: string, body: FixImportRowRequest): Promise<ProductImportRow> {
      const found = await findImportLine(db, lineId, ownerCompanyFor(actor));
      if (!found) throw notFound();
      const { line, importRow } = found;
      if (line.status === 'succeeded') throw conflict('This row was already imported');
      const data: ProductImportRowData = { ...line.data };
      for (const [field, value] of Object.entries(body)) {
        if (value === undefined) continue;
        if (value === '') delete data[field as keyof ProductImportRowData];
        else data[field as keyof ProductImportRowData] = value;
      }
      const outcome = validateImportRow(data, await categoryIdsByName(db, importRow.companyId), await stockLookup(importRow));
      // As in the import: a product the catalog holds is named as the reason before the row's other problems.
      const clashes = isImportExampleRow(data.name) ? null : await findClashes(db, importRow.companyId, data.name ? [data.name] : [], data.barcode ? [data.barcode] : []);
      if (clashes && (clashes.names.size > 0 || clashes.barcodes.size > 0)) throw conflict(IMPORT_MESSAGES.exists);
      if (!outcome.ok) throw new AppError('BAD_REQUEST', outcome.reason, { field: 'row' });
      const productId = await db
        .transaction(async (tx) => {
          const product = await insertProduct(tx, productValues(importRow, outcome.values));
          if (outcome.stock) await receiveImportedStock(tx, importRow, [stockValues(importRow, product.id, outcome.stock)]);
          await updateImportLine(tx, line.id, { status: 'succeeded', reason: null, data: data as Record<string, string>, productId: product.id });
          await refreshImportCounts(tx, importRow.id, now());
          await recordAudit(tx, actor, { entity: 'product_import_row', entityId: line.id, action: 'fix', organizationId: actor.organizationId, companyId: importRow.companyId, changes: { data, productId: product.id } });
          return product.id;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict(IMPORT_MESSAGES.exists);
          throw error;
        });
      return { ...toLine(line), status: 'succeeded', reason: null, data: data as Record<string, string>, product_id: productId };
    },
  };
  return service;
}

export type ImportsService = ReturnType<typeof createImportsService>;
