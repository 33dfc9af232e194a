import { locationDay } from '../../db/location-day';
import {
  can,
  pageWindow,
  PRODUCT_MESSAGES,
  PRODUCT_SEARCH_TOTAL_CAP,
  toPage,
  UNIT_CONTAINER_BASIC_UNITS,
  type Attachment,
  type CreateAttachmentRequest,
  type CreateProductRequest,
  type ProductFilter,
  type ProductListItem,
  type ProductListPage,
  type Product,
  type ProductDetail,
  type ProductListQuery,
  type UpdateProductRequest,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { canSeeOwned, currentCompanyId, ownerCompanyFor } from '../../core/access';
import { isEditableBy, readerOf } from './product-access';
import { exportProductsXlsx } from './products.export';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../core/errors';
import { alertRulesNow, refreshAlerts } from '../alerts/alerts.writes';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit } from '../audit/audit.writes';
import { findCategoryById } from '../categories/categories.reads';
import { findSupplierById } from '../suppliers/suppliers.reads';
import {
  deleteAttachment,
  findAttachment,
  findClashes,
  findProductById,
  findProductWithNames,
  insertAttachment,
  insertProduct,
  listAttachments,
  listProductIds,
  preparedProductsWithNames,
  markRemovedForCompany,
  setMinimumStock,
  setUsageTracking,
  updateProduct,
  type AttachmentRow,
  type NewProduct,
  type ProductListItemRow,
  type ProductListRow,
  type ProductRow,
} from './products.repo';
import { createProductListCache } from './product-list-cache';
import { companyStocksOverview } from './stock-overview.repo';

/**
 * The pages of a list without a search term the page memory keeps: the first and the two the web
 * list prefetches with it, the pages people open and open again; deeper pages are an index walk.
 * A search keeps its whole ranking instead (listCache.rankedPage).
 */
const REMEMBERED_PAGES = 3;

const PRODUCT_IMAGE = { types: ['product_image', 'product_box_image'] as const, mime: (m: string) => m.startsWith('image/') };
const ATTACHMENT_FILE = {
  image: { types: ['product_attachment', 'product_image'] as const, mime: (m: string) => m.startsWith('image/') },
  document: { types: ['product_attachment'] as const, mime: (m: string) => m === 'application/pdf' },
};

/**
 * The treatments that use a product, at one location or (admin: null) everywhere, for the product
 * page. Treatments are made of products, so the treatments module depends on this one and not the
 * other way round: app.ts hands its read in.
 */
export interface ProductTreatments {
  associatedTreatments(db: DbOrTx, productId: string, companyId: string | null): Promise<{ id: string; treatmentCode: string; name: string; abbreviation: string }[]>;
}

export function createProductsService(deps: ServiceDeps, treatmentsOf: ProductTreatments) {
  const { db, files } = deps;
  const listCache = createProductListCache(db);
  const productsWithNames = preparedProductsWithNames(db);
  const alertRules = () => alertRulesNow(deps);

  function toProduct(actor: Actor, row: ProductListRow): Product {
    const p = row.product;
    return {
      id: p.id,
      name: p.name,
      description: p.description,
      brand: p.brand,
      barcode: p.barcode,
      manufacturer_code: p.manufacturerCode,
      type: p.type,
      container: p.container,
      basic_unit: p.basicUnit,
      weight_or_volume: p.weightOrVolume,
      minimum_stock: row.minimumStock ?? 0,
      category_id: p.categoryId,
      category: p.categoryId && row.categoryName !== null ? { id: p.categoryId, name: row.categoryName } : null,
      supplier: p.supplierId && row.supplierName !== null ? { id: p.supplierId, name: row.supplierName } : null,
      expires_at: p.expiresAt,
      product_image_url: files.signedUrl(p.productImageUrl),
      box_image_url: files.signedUrl(p.boxImageUrl),
      is_approved: p.isApproved,
      is_editable: isEditableBy(actor, p),
      is_usage_tracking_on: row.usageTrackingOn ?? p.isUsageTrackingOn,
      implantable: p.implantable,
      manufacturer_name: p.manufacturerName,
      manufacturer_address: p.manufacturerAddress,
      company_id: p.companyId,
      submitted_by: p.companyId && row.locationName !== null ? { location: row.locationName, organization: row.organizationName ?? '' } : null,
      created_at: p.createdAt.toISOString(),
      deleted_at: p.deletedAt?.toISOString() ?? null,
    };
  }

  /** Days of cover come from the shelf: only for who reads the location's stock, as the Reorder panel is. */
  const seesCover = (actor: Actor) => actor.role !== 'admin' && can(actor.permissions, 'stock', 'read');
  const toListItem = (actor: Actor, row: ProductListItemRow): ProductListItem => ({ ...toProduct(actor, row), days_of_cover: seesCover(actor) ? row.daysOfCover : null });

  const toAttachment = (row: AttachmentRow): Attachment => ({
    id: row.id,
    name: row.name,
    type: row.type,
    value: row.type === 'video' ? row.value : files.signedUrl(row.value),
    company_id: row.companyId,
    created_at: row.createdAt.toISOString(),
  });

  async function nameOrBarcodeTaken(owner: string | null, values: { name?: string | undefined; barcode?: string | undefined }, exceptId?: string): Promise<boolean> {
    const clashes = await findClashes(db, owner, values.name ? [values.name] : [], values.barcode ? [values.barcode] : [], exceptId);
    return clashes.names.size > 0 || clashes.barcodes.size > 0;
  }

  async function visible(actor: Actor, id: string): Promise<ProductListRow> {
    const row = await findProductWithNames(db, readerOf(actor), id);
    if (!row) throw notFound();
    return row;
  }

  /** Category and supplier must be ones the actor can use; images must be the actor's uploads. */
  async function references(actor: Actor, body: UpdateProductRequest, current?: ProductRow): Promise<Partial<NewProduct>> {
    const refs: Partial<NewProduct> = {};
    if (body.category_id) {
      const category = await findCategoryById(db, body.category_id);
      const usable = category && (actor.role === 'admin' ? category.companyId === null || category.companyId === current?.companyId : canSeeOwned(actor, category.companyId));
      if (!usable) throw badRequest('category_id', 'Category not found');
    }
    if (body.supplier_id) {
      const supplier = await findSupplierById(db, body.supplier_id);
      if (!supplier || !canSeeOwned(actor, supplier.companyId)) throw badRequest('supplier_id', 'Supplier not found');
    }
    for (const [field, column] of [
      ['product_image_url', 'productImageUrl'],
      ['box_image_url', 'boxImageUrl'],
    ] as const) {
      const value = body[field];
      if (value === undefined) continue;
      refs[column] = value === null || value === '' ? null : await files.resolveForRecord(actor, field, value, PRODUCT_IMAGE, current?.[column]);
    }
    return refs;
  }

  function columnsOf(body: UpdateProductRequest): Partial<NewProduct> {
    return {
      name: body.name,
      description: body.description,
      brand: body.brand,
      barcode: body.barcode,
      manufacturerCode: body.manufacturer_code,
      type: body.type,
      container: body.container,
      basicUnit: body.basic_unit,
      weightOrVolume: body.weight_or_volume,
      categoryId: body.category_id,
      supplierId: body.supplier_id,
      expiresAt: body.expires_at,
      isUsageTrackingOn: body.is_usage_tracking_on,
      implantable: body.implantable,
      manufacturerName: body.manufacturer_name,
      manufacturerAddress: body.manufacturer_address,
    };
  }

  async function reload(actor: Actor, id: string): Promise<Product> {
    return toProduct(actor, await visible(actor, id));
  }

  return {
    async list(actor: Actor, query: ProductListQuery): Promise<ProductListPage> {
      const reader = readerOf(actor);
      const window = pageWindow(query);
      const today = await locationDay(db, reader.companyId, deps.now());
      // The product admin keeps no stock, and some staff may not read it: every cover is null for
      // them, and the list keeps its own order.
      const cover = query.sort === 'days_of_cover' && reader.companyId !== null && seesCover(actor) ? { companyId: reader.companyId, today, direction: query.order } : undefined;
      const readers = {
        loadIds: () => listProductIds(db, reader, query, window, PRODUCT_SEARCH_TOTAL_CAP, cover),
        loadRows: (ids: string[]) => productsWithNames(reader, ids, today, query.include_deleted ?? false),
      };
      // Only the pages a list opens on are remembered (see REMEMBERED_PAGES); a deeper page is
      // ranked afresh, without reading the catalog version first.
      const afresh = async () => {
        const page = await readers.loadIds();
        return { ...page, rows: (await readers.loadRows(page.ids)).rows };
      };
      // A search within its ranking (the first PRODUCT_SEARCH_TOTAL_CAP matches) is a slice of it.
      const ranked = Boolean(query.fuzzySearchQuery?.trim()) && !cover && window.offset + window.limit <= PRODUCT_SEARCH_TOTAL_CAP;
      const ranking = (limit: number) => listProductIds(db, reader, query, { offset: 0, limit }, PRODUCT_SEARCH_TOTAL_CAP);
      const { rows: records, total, totalIsCapped } = ranked
        ? await listCache.rankedPage(reader, query, window, { ...readers, loadRanking: ranking }, PRODUCT_SEARCH_TOTAL_CAP)
        : query.currentPage <= REMEMBERED_PAGES
          ? await listCache.page(reader, query, window, readers)
          : await afresh();
      return {
        ...toPage(
          records.map((r) => toListItem(actor, r)),
          total,
          query,
        ),
        totalIsCapped,
      };
    },

    async get(actor: Actor, id: string): Promise<ProductDetail> {
      const row = await visible(actor, id);
      const [attachments, overview, treatments] = await Promise.all([
        listAttachments(db, id, readerOf(actor)),
        actor.role === 'admin' ? companyStocksOverview(db, id) : [],
        treatmentsOf.associatedTreatments(db, id, actor.role === 'admin' ? null : actor.companyId),
      ]);
      return {
        ...toProduct(actor, row),
        attachments: attachments.map(toAttachment),
        companyStocksOverview: overview.map((o) => ({
          company_id: o.companyId,
          company_name: o.companyName,
          units_in_stock: o.unitsInStock,
          supplier_name: o.supplierName,
          average_unit_price: o.averageUnitPrice,
        })),
        associatedTreatments: treatments.map((tr) => ({ id: tr.id, treatment_code: tr.treatmentCode, name: tr.name, abbreviation: tr.abbreviation })),
      };
    },

    async create(actor: Actor, body: CreateProductRequest): Promise<Product> {
      const companyId = ownerCompanyFor(actor);
      if (companyId === null && body.minimum_stock !== undefined) throw badRequest('minimum_stock', 'Minimum stock is kept by each location');
      if (await nameOrBarcodeTaken(companyId, body)) throw conflict(PRODUCT_MESSAGES.exists);
      const refs = await references(actor, body);
      const created = await db
        .transaction(async (tx) => {
          const row = await insertProduct(tx, {
            ...(columnsOf(body) as NewProduct),
            ...refs,
            companyId,
            isApproved: companyId === null,
            createdBy: actor.userId,
          });
          if (companyId && body.minimum_stock !== undefined) await setMinimumStock(tx, row.id, companyId, body.minimum_stock);
          await recordAudit(tx, actor, { entity: 'product', entityId: row.id, action: 'create', organizationId: actor.organizationId, companyId, changes: body });
          return row;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict(PRODUCT_MESSAGES.exists);
          throw error;
        });
      return reload(actor, created.id);
    },

    async update(actor: Actor, id: string, body: UpdateProductRequest): Promise<Product> {
      const { product } = await visible(actor, id);
      const { minimum_stock: minimumStock, is_usage_tracking_on: usageTracking, ...productFields } = body;
      // Usage tracking is each location's choice, as minimum stock is (even on a locked catalog
      // product); the admin sets the catalog's default, which a location's own choice overrides.
      const locationUsageTracking = actor.role === 'admin' ? undefined : usageTracking;
      const fields = actor.role === 'admin' ? { ...productFields, is_usage_tracking_on: usageTracking } : productFields;
      const changesFields = Object.values(fields).some((v) => v !== undefined);
      if (changesFields && !isEditableBy(actor, product)) throw forbidden('Only the product admin can change an approved product');
      if (minimumStock !== undefined && actor.role === 'admin') throw badRequest('minimum_stock', 'Minimum stock is kept by each location');
      const container = fields.container ?? product.container;
      const basicUnit = fields.basic_unit ?? product.basicUnit;
      if (container === 'unit' && !UNIT_CONTAINER_BASIC_UNITS.includes(basicUnit)) throw badRequest('basic_unit', PRODUCT_MESSAGES.unitBasicUnit);
      if (await nameOrBarcodeTaken(product.companyId, fields, id)) throw conflict(PRODUCT_MESSAGES.nameOrBarcodeExists);
      const refs = changesFields ? await references(actor, fields, product) : {};
      await db
        .transaction(async (tx) => {
          if (changesFields) await updateProduct(tx, id, { ...columnsOf(fields), ...refs });
          if (minimumStock !== undefined) {
            await setMinimumStock(tx, id, currentCompanyId(actor), minimumStock);
            await refreshAlerts(tx, { companyId: currentCompanyId(actor), productIds: [id] }, alertRules());
          }
          if (locationUsageTracking !== undefined) await setUsageTracking(tx, id, currentCompanyId(actor), locationUsageTracking);
          await recordAudit(tx, actor, { entity: 'product', entityId: id, action: 'update', organizationId: actor.organizationId, companyId: actor.companyId, changes: body });
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict(PRODUCT_MESSAGES.nameOrBarcodeExists);
          throw error;
        });
      return reload(actor, id);
    },

    async approve(actor: Actor, id: string): Promise<Product> {
      const product = await findProductById(db, id);
      if (!product) throw notFound();
      if (product.isApproved) throw conflict(PRODUCT_MESSAGES.notApprovable);
      await db.transaction(async (tx) => {
        await updateProduct(tx, id, { isApproved: true });
        await recordAudit(tx, actor, { entity: 'product', entityId: id, action: 'approve', companyId: product.companyId });
      });
      return reload(actor, id);
    },

    /** Rejecting deletes the submitted product (spec section 4). */
    async reject(actor: Actor, id: string): Promise<void> {
      const product = await findProductById(db, id);
      if (!product) throw notFound();
      if (product.isApproved) throw conflict('Only a pending product can be rejected');
      await db.transaction(async (tx) => {
        await updateProduct(tx, id, { deletedAt: deps.now() });
        await recordAudit(tx, actor, { entity: 'product', entityId: id, action: 'reject', companyId: product.companyId });
      });
    },

    /**
     * The admin deletes from the catalog; a location deletes its own pending product, or
     * "Remove"s an approved one from its own list without touching anyone else's.
     */
    async remove(actor: Actor, id: string): Promise<void> {
      const { product } = await visible(actor, id);
      if (actor.role === 'admin') {
        // Spec section 6: the admin is refused while locations still hold the product.
        const holders = await companyStocksOverview(db, id);
        if (holders.length > 0) {
          throw new AppError('FORBIDDEN', PRODUCT_MESSAGES.heldInStock, { details: { companies: holders.map((h) => ({ id: h.companyId, name: h.companyName, units_in_stock: h.unitsInStock })) } });
        }
      }
      await db.transaction(async (tx) => {
        if (actor.role === 'admin' || (!product.isApproved && product.companyId === actor.companyId)) {
          await updateProduct(tx, id, { deletedAt: deps.now() });
        } else {
          await markRemovedForCompany(tx, id, currentCompanyId(actor), deps.now());
        }
        await recordAudit(tx, actor, { entity: 'product', entityId: id, action: 'delete', organizationId: actor.organizationId, companyId: actor.companyId });
        await refreshAlerts(tx, { productIds: [id] }, alertRules());
      });
    },

    /** The current filter's products as an .xlsx stream. */
    exportXlsx(actor: Actor, filter: ProductFilter, onError: (error: unknown) => void) {
      return exportProductsXlsx(db, readerOf(actor), actor.role !== 'admin', filter, onError);
    },

    async addAttachment(actor: Actor, productId: string, body: CreateAttachmentRequest): Promise<Attachment> {
      await visible(actor, productId);
      const companyId = ownerCompanyFor(actor);
      const value = body.type === 'video' ? body.value : await files.resolveForRecord(actor, 'value', body.value, ATTACHMENT_FILE[body.type]);
      const row = await db.transaction(async (tx) => {
        const created = await insertAttachment(tx, { productId, companyId, name: body.name, type: body.type, value, createdBy: actor.userId });
        await recordAudit(tx, actor, { entity: 'product_attachment', entityId: created.id, action: 'create', organizationId: actor.organizationId, companyId, changes: { productId, ...body, value } });
        return created;
      });
      return toAttachment(row);
    },

    async removeAttachment(actor: Actor, productId: string, attachmentId: string): Promise<void> {
      await visible(actor, productId);
      const attachment = await findAttachment(db, productId, attachmentId);
      if (!attachment || !(attachment.companyId === null || attachment.companyId === actor.companyId)) throw notFound();
      if (attachment.companyId !== ownerCompanyFor(actor)) throw forbidden();
      await db.transaction(async (tx) => {
        await deleteAttachment(tx, attachmentId);
        await recordAudit(tx, actor, { entity: 'product_attachment', entityId: attachmentId, action: 'delete', organizationId: actor.organizationId, companyId: attachment.companyId });
      });
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
