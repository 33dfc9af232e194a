import { pageWindow, toPage, type MatchPriceListItemRequest, type PriceListItem, type PriceListPage, type PriceListQuery, type PriceListSummary, type ProductType } from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { currentCompanyId } from '../../core/access';
import { AppError, badRequest, notFound } from '../../core/errors';
import { recordAudit } from '../audit/audit.writes';
import { productsByCode, visibleProductIds } from '../products/products.reads';
import { findSupplierById } from '../suppliers/suppliers.reads';
import { readPriceList } from './price-list-file';
import { deletePriceList, findPriceList, findPriceListItem, listPriceListItems, replacePriceList, setItemProduct, type NewPriceListItem, type PriceListItemRow } from './price-lists.repo';

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

function toItem({ item, productName, productType }: { item: PriceListItemRow; productName: string | null; productType: ProductType | null }): PriceListItem {
  return {
    id: item.id,
    vendor_sku: item.vendorSku,
    description: item.description,
    barcode: item.barcode,
    manufacturer_code: item.manufacturerCode,
    pack_size: item.packSize,
    price: item.price,
    in_stock: item.inStock,
    product: item.productId && productName && productType ? { id: item.productId, name: productName, type: productType } : null,
  };
}

export function createPriceListsService(deps: ServiceDeps) {
  const { db } = deps;

  /**
   * A supplier the location buys from, its own or a shared one: each location keeps its own prices.
   * A distributor's prices come from its API, never from a file.
   */
  async function pricedSupplier(companyId: string, supplierId: string) {
    const supplier = await findSupplierById(db, supplierId);
    if (!supplier || (supplier.companyId !== null && supplier.companyId !== companyId)) throw notFound('Supplier not found');
    if (supplier.vendorCode) throw badRequest('id', 'This distributor’s prices come from its ordering API');
    return supplier;
  }

  async function summaryOf(companyId: string, supplierId: string): Promise<PriceListSummary> {
    const { list, items, matched } = await findPriceList(db, companyId, supplierId);
    return { supplier_id: supplierId, items, matched, unmatched: items - matched, file_name: list?.fileName ?? null, uploaded_at: list?.uploadedAt.toISOString() ?? null };
  }

  return {
    /**
     * Replaces the supplier's price list with the file's rows. Each item is matched to a catalog
     * product the location sees, by barcode first, then by manufacturer code; the rest stay unmatched.
     */
    async upload(actor: Actor, supplierId: string, file: UploadedFile): Promise<PriceListSummary> {
      const companyId = currentCompanyId(actor);
      await pricedSupplier(companyId, supplierId);
      const read = await readPriceList(file.bytes);
      if ('error' in read) throw new AppError('BAD_REQUEST', read.error, { field: 'file', ...(read.problems ? { details: { problems: read.problems } } : {}) });

      const barcodes = [...new Set(read.rows.map((r) => r.barcode).filter(Boolean))];
      const manufacturerCodes = [...new Set(read.rows.map((r) => r.manufacturer_code).filter(Boolean))];
      const found = await productsByCode(db, companyId, { barcodes, manufacturerCodes });
      const byBarcode = new Map<string, string>();
      const byCode = new Map<string, string>();
      for (const p of found) {
        if (p.barcode && !byBarcode.has(p.barcode)) byBarcode.set(p.barcode, p.id);
        if (p.manufacturerCode && !byCode.has(p.manufacturerCode)) byCode.set(p.manufacturerCode, p.id);
      }
      const items: NewPriceListItem[] = read.rows.map((r) => ({
        companyId,
        supplierId,
        vendorSku: r.vendor_sku,
        description: r.description,
        barcode: r.barcode,
        manufacturerCode: r.manufacturer_code,
        packSize: r.pack_size,
        price: r.price,
        inStock: r.in_stock,
        productId: (r.barcode && byBarcode.get(r.barcode)) || (r.manufacturer_code && byCode.get(r.manufacturer_code)) || null,
      }));
      await db.transaction(async (tx) => {
        await replacePriceList(tx, { companyId, supplierId, fileName: file.fileName, uploadedBy: actor.userId, uploadedAt: deps.now() }, items);
        await recordAudit(tx, actor, {
          entity: 'price_list',
          entityId: supplierId,
          action: 'upload',
          organizationId: actor.organizationId,
          companyId,
          changes: { fileName: file.fileName, items: items.length, matched: items.filter((i) => i.productId).length },
        });
      });
      return summaryOf(companyId, supplierId);
    },

    async get(actor: Actor, supplierId: string, query: PriceListQuery): Promise<PriceListPage> {
      const companyId = currentCompanyId(actor);
      await pricedSupplier(companyId, supplierId);
      const [{ records, total }, summary] = await Promise.all([listPriceListItems(db, companyId, supplierId, { search: query.search, matched: query.matched }, pageWindow(query)), summaryOf(companyId, supplierId)]);
      return { ...toPage(records.map(toItem), total, query), summary };
    },

    /**
     * Matches an item to a catalog product the location sees, by hand: an item whose codes found
     * nothing, or a product just proposed from it (pending the admin's approval, as any product a
     * location adds). Null unmatches it. Kept until the next upload matches the list again.
     */
    async matchItem(actor: Actor, supplierId: string, itemId: string, body: MatchPriceListItemRequest): Promise<PriceListItem> {
      const companyId = currentCompanyId(actor);
      await pricedSupplier(companyId, supplierId);
      if (body.product_id && !(await visibleProductIds(db, companyId, [body.product_id])).has(body.product_id)) throw badRequest('product_id', 'Product not found');
      const updated = await db.transaction(async (tx) => {
        const row = await setItemProduct(tx, companyId, supplierId, itemId, body.product_id);
        if (!row) throw notFound('Item not found');
        await recordAudit(tx, actor, { entity: 'price_list_item', entityId: itemId, action: 'match', organizationId: actor.organizationId, companyId, changes: body });
        return row;
      });
      const found = await findPriceListItem(db, companyId, updated.id);
      return toItem(found!);
    },

    async remove(actor: Actor, supplierId: string): Promise<void> {
      const companyId = currentCompanyId(actor);
      await pricedSupplier(companyId, supplierId);
      await db.transaction(async (tx) => {
        await deletePriceList(tx, companyId, supplierId);
        await recordAudit(tx, actor, { entity: 'price_list', entityId: supplierId, action: 'delete', organizationId: actor.organizationId, companyId, changes: {} });
      });
    },
  };
}

export type PriceListsService = ReturnType<typeof createPriceListsService>;
