import type { Db } from '../../../db/client';
import { findSupplierById } from '../../suppliers/suppliers.reads';
import { findPriceList, itemsBySku, itemsForProducts, type PriceListItemRow } from '../price-lists.repo';
import type { VendorAdapter, VendorOffer } from './vendor';

function offerOf(item: PriceListItemRow, vendorName: string): VendorOffer {
  return {
    vendorId: item.supplierId,
    vendorName,
    sku: item.vendorSku,
    description: item.description,
    packSize: item.packSize,
    price: item.price,
    inStock: item.inStock,
    productId: item.productId,
  };
}

/**
 * The suppliers a location buys from (its own and shared ones) as marketplace vendors: their
 * prices come from the price lists the location uploaded, and an order goes out as the purchase-order PDF e-mailed by the order
 * issuer. Only the clinic knows what happens next, so it sets confirmed, shipped and delivered.
 */
export function createSupplierVendors(db: Db): VendorAdapter {
  return {
    kind: 'supplier',
    placesInTransaction: true,

    async serves({ companyId }, vendorId) {
      const supplier = await findSupplierById(db, vendorId);
      if (!supplier || supplier.vendorCode || (supplier.companyId !== null && supplier.companyId !== companyId)) return null;
      const { list } = await findPriceList(db, companyId, vendorId);
      return list ? { name: supplier.name } : null;
    },

    async offers({ companyId }, productIds) {
      const rows = await itemsForProducts(db, companyId, productIds);
      return rows.map(({ item, supplierName }) => offerOf(item, supplierName));
    },

    async price({ companyId }, vendorId, skus) {
      const supplier = await findSupplierById(db, vendorId);
      const items = await itemsBySku(db, companyId, vendorId, skus);
      return new Map(items.map((item) => [item.vendorSku, offerOf(item, supplier?.name ?? '')]));
    },

    // The PDF and its e-mail were written with the order: the supplier has it.
    place: () => Promise.resolve({ status: 'placed', reference: null }),

    status: () => Promise.resolve(null),
  };
}
