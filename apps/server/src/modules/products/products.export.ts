import { PassThrough, type Readable } from 'node:stream';
import { loadExcelJs } from '../../core/spreadsheet';
import { DEFAULT_CATEGORY_NAME, escapeSpreadsheetCell, type ProductFilter } from '@clinic/domain';
import type { Db } from '../../db/client';
import { listProductsAfter, type CatalogReader } from './products.repo';

const BATCH = 1000;

/**
 * The product list of the current filter as a real .xlsx, written as it is read (keyset pages of
 * 1000) so a 100,000-product catalog never sits in memory. Text cells that a spreadsheet would
 * run as a formula are escaped with a leading apostrophe (escapeSpreadsheetCell).
 */
export async function exportProductsXlsx(db: Db, reader: CatalogReader, forLocation: boolean, filter: ProductFilter, onError: (error: unknown) => void): Promise<Readable> {
  const ExcelJS = await loadExcelJs();
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet('Products', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Name', key: 'name', width: 40 },
    { header: 'Brand', key: 'brand', width: 20 },
    { header: 'Barcode', key: 'barcode', width: 16 },
    { header: 'Manufacturer Code', key: 'manufacturerCode', width: 18 },
    { header: 'Type', key: 'type', width: 12 },
    { header: 'Container', key: 'container', width: 12 },
    { header: 'Basic Unit', key: 'basicUnit', width: 12 },
    { header: 'Weight/Volume', key: 'weightOrVolume', width: 14 },
    { header: 'Category', key: 'category', width: 24 },
    { header: 'Supplier', key: 'supplier', width: 24 },
    { header: 'Status', key: 'status', width: 18 },
    ...(forLocation ? [{ header: 'Minimum Stock', key: 'minimumStock', width: 14 }] : []),
  ];
  sheet.getRow(1).font = { bold: true };

  const text = (value: string) => escapeSpreadsheetCell(value);
  void (async () => {
    let after: { name: string; id: string } | null = null;
    for (;;) {
      const rows = await listProductsAfter(db, reader, filter, after, BATCH);
      for (const { product: p, categoryName, supplierName, minimumStock } of rows) {
        sheet
          .addRow({
            name: text(p.name),
            brand: text(p.brand),
            barcode: text(p.barcode),
            manufacturerCode: text(p.manufacturerCode),
            type: p.type,
            container: p.container,
            basicUnit: p.basicUnit,
            weightOrVolume: p.weightOrVolume,
            category: text(categoryName ?? DEFAULT_CATEGORY_NAME),
            supplier: text(supplierName ?? ''),
            status: p.deletedAt ? 'Deleted' : p.isApproved ? 'Approved' : 'Pending Approval',
            ...(forLocation ? { minimumStock: minimumStock ?? 0 } : {}),
          })
          .commit();
      }
      if (rows.length < BATCH) break;
      const last = rows[rows.length - 1]!.product;
      after = { name: last.name, id: last.id };
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
