import { randomUUID } from 'node:crypto';
import { effectiveSubscription, type ApprovalStatus, type BasicUnit, type Container, type PaymentProvider, type ProductType, type Role, type SubscriptionStatus } from '@clinic/domain';
import { listSubscriptions, updateBilling, upsertSubscription } from '../../src/modules/payments/payments.repo';
import type { DbOrTx } from '../../src/db/client';
import { insertCompany } from '../../src/modules/companies/companies.repo';
import { insertOrganization } from '../../src/modules/organizations/organizations.repo';
import { hashPassword } from '../../src/modules/auth/passwords';
import { findUserById, insertUser, type UserRecord } from '../../src/modules/users/users.repo';
import { insertSupplier } from '../../src/modules/suppliers/suppliers.repo';
import { insertCategory } from '../../src/modules/categories/categories.repo';
import { insertProduct } from '../../src/modules/products/products.repo';
import { insertStocks } from '../../src/modules/ledger/ledger.repo';
import { insertPlace } from '../../src/modules/places/places.repo';
import { and, eq, inArray } from 'drizzle-orm';
import { pmsCodeMappings, pmsProcedures, productRequests, stockCountLines, stockCounts, suggestedOrderLines, suggestedOrders, treatments } from '../../src/db/schema/index';

/** Test factories: each makes real rows through the repositories, skipping the services (the demo seed uses the services; src may not import this tree). */

const unique = () => randomUUID().slice(0, 8);
let phoneCounter = 0;
const uniquePhone = () => `+1 512 ${String(Date.now() % 1000).padStart(3, '0')} ${String((phoneCounter += 1) % 10000).padStart(4, '0')}${Math.floor(Math.random() * 10)}`;

export interface OrganizationFixture {
  id: string;
  name: string;
  locations: { id: string; name: string; city: string; state: string }[];
}

export async function createOrganization(
  db: DbOrTx,
  options: {
    name?: string;
    approvalStatus?: ApprovalStatus;
    locations?: { name: string; city: string; state: string }[];
    billingEmail?: string;
    /** Organizations come with a running (complimentary) subscription unless a test says otherwise. */
    subscribed?: boolean;
  } = {},
): Promise<OrganizationFixture> {
  const name = options.name ?? `Clinic ${unique()}`;
  const locations = options.locations ?? [{ name: 'Main', city: 'Austin', state: 'TX' }];
  const id = await insertOrganization(db, {
    name,
    numberOfLocations: locations.length,
    billingContactEmail: options.billingEmail ?? `billing-${unique()}@example.com`,
    approvalStatus: options.approvalStatus ?? 'approved',
  });
  const created = [];
  for (const location of locations) created.push(await insertCompany(db, { organizationId: id, ...location }));
  if (options.subscribed ?? true) await subscribe(db, id, { expiresAt: FAR_FUTURE });
  return { id, name, locations: created.map((c) => ({ id: c.id, name: c.name, city: c.city, state: c.state })) };
}

const FAR_FUTURE = new Date('2100-01-01T00:00:00Z');

/** Records a subscription for an organization and lets its users in until it expires (as a webhook would). */
export async function subscribe(
  db: DbOrTx,
  organizationId: string,
  options: { expiresAt: Date; status?: SubscriptionStatus; provider?: PaymentProvider; id?: string; hasOpenInvoices?: boolean; createdAt?: Date },
): Promise<void> {
  const status = options.status ?? 'active';
  await upsertSubscription(
    db,
    organizationId,
    options.provider ?? 'complimentary',
    {
      providerSubscriptionId: options.id ?? `test_sub_${unique()}`,
      organizationId,
      customerId: null,
      planId: 'twelve_months_single',
      status,
      expiresAt: options.expiresAt,
      hasOpenInvoices: options.hasOpenInvoices ?? false,
      isTrial: status === 'trialing',
      cancelAtPeriodEnd: false,
    },
    options.createdAt ?? new Date(),
  );
  const effective = effectiveSubscription(await listSubscriptions(db, organizationId), new Date());
  await updateBilling(db, organizationId, { subscriptionActiveUntil: effective.state === 'active' ? effective.subscription!.expiresAt : null });
}

export interface UserOptions {
  role: Role;
  organizationId?: string | null;
  companyId?: string | null;
  email?: string;
  phone?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  approvalStatus?: ApprovalStatus;
  status?: 'active' | 'disabled';
}

export const DEFAULT_TEST_PASSWORD = 'correct-horse-battery';

export async function createUser(db: DbOrTx, options: UserOptions): Promise<UserRecord & { password: string }> {
  const password = options.password ?? DEFAULT_TEST_PASSWORD;
  const id = await insertUser(db, {
    organizationId: options.role === 'admin' ? null : (options.organizationId ?? null),
    companyId: options.role === 'admin' ? null : (options.companyId ?? null),
    firstName: options.firstName ?? 'Test',
    lastName: options.lastName ?? options.role,
    email: options.email ?? `${options.role}-${unique()}@example.com`,
    phone: options.phone ?? uniquePhone(),
    passwordHash: await hashPassword(password),
    role: options.role,
    approvalStatus: options.approvalStatus ?? 'approved',
    status: options.status ?? 'active',
  });
  return { ...(await findUserById(db, id))!, password };
}

export async function createSupplier(
  db: DbOrTx,
  options: { companyId: string | null; name?: string; email?: string; phone?: string; taxId?: string; address?: string; contactEmail?: string; contactPhone?: string },
) {
  return insertSupplier(db, {
    companyId: options.companyId,
    name: options.name ?? `Supplier ${unique()}`,
    email: options.email ?? `orders-${unique()}@supplier.example`,
    phone: options.phone ?? uniquePhone(),
    taxId: options.taxId ?? `TX-${unique()}`,
    address: options.address ?? '100 Commerce St, Austin, TX',
    contactEmail: options.contactEmail ?? `rep-${unique()}@supplier.example`,
    contactPhone: options.contactPhone ?? uniquePhone(),
  });
}

export async function createCategory(db: DbOrTx, options: { companyId: string | null; name?: string; description?: string; imageUrl?: string | null }) {
  return insertCategory(db, {
    companyId: options.companyId,
    name: options.name ?? `Category ${unique()}`,
    description: options.description ?? '',
    imageUrl: options.imageUrl ?? null,
  });
}

/** A product as the catalog holds it: the admin's (company null) approved, a location's pending. */
export async function createProduct(
  db: DbOrTx,
  options: { companyId: string | null; name?: string; brand?: string; barcode?: string; manufacturerCode?: string; type?: ProductType; container?: Container; basicUnit?: BasicUnit; categoryId?: string | null; isApproved?: boolean; supplierId?: string | null },
) {
  return insertProduct(db, {
    companyId: options.companyId,
    name: options.name ?? `Product ${unique()}`,
    brand: options.brand ?? 'Acme Dental',
    barcode: options.barcode ?? '',
    manufacturerCode: options.manufacturerCode ?? '',
    type: options.type ?? 'disposable',
    container: options.container ?? 'box',
    basicUnit: options.basicUnit ?? 'item',
    categoryId: options.categoryId ?? null,
    supplierId: options.supplierId ?? null,
    isApproved: options.isApproved ?? options.companyId === null,
  });
}

/** A received stock at a location, straight into the table (the API path is tested on its own). */
/** A storage place at a location (issue 34); every location also has its default place. */
export async function createPlace(db: DbOrTx, options: { companyId: string; name?: string }) {
  return insertPlace(db, { companyId: options.companyId, name: options.name ?? `Place ${randomUUID().slice(0, 8)}` });
}

/** Cancels the count under way at a location, if any, so a test can start another. */
export async function cancelCountsUnderWay(db: DbOrTx, companyId: string) {
  await db.update(stockCounts).set({ status: 'canceled', canceledAt: new Date() }).where(and(eq(stockCounts.companyId, companyId), inArray(stockCounts.status, ['open', 'submitted'])));
}

/**
 * A cycle count of one lot at a location, in the state asked for (issue 34). A count already under
 * way there is canceled first: one count at a time is under way per location.
 */
export async function createCount(db: DbOrTx, options: { companyId: string; status?: 'open' | 'submitted'; counted?: number | null }) {
  await cancelCountsUnderWay(db, options.companyId);
  const product = await createProduct(db, { companyId: null });
  const stock = await createStock(db, { companyId: options.companyId, productId: product.id });
  const [count] = await db.insert(stockCounts).values({ companyId: options.companyId, scope: 'location', status: options.status ?? 'open' }).returning();
  const counted = options.counted === undefined ? (options.status === 'submitted' ? 9 : null) : options.counted;
  const [line] = await db
    .insert(stockCountLines)
    .values({ countId: count!.id, companyId: options.companyId, productId: product.id, stockId: stock.id, placeId: stock.placeId, lotNumber: stock.lotNumber, unitPrice: stock.unitPrice, countedUnits: counted, expectedUnits: counted === null ? null : stock.unitsLeft, countedAt: counted === null ? null : new Date() })
    .returning();
  return { count: count!, line: line!, stock, productId: product.id };
}

export async function createStock(
  db: DbOrTx,
  options: { companyId: string; productId: string; supplierId?: string | null; containers?: number; unitsPerContainer?: number; pricePerContainer?: number; expiryDate?: string | null; lotNumber?: string },
) {
  const unitsPerContainer = options.unitsPerContainer ?? 10;
  const price = options.pricePerContainer ?? 10;
  const [row] = await insertStocks(db, [
    {
      companyId: options.companyId,
      productId: options.productId,
      supplierId: options.supplierId ?? null,
      containerQuantity: options.containers ?? 1,
      unitsPerContainer,
      pricePerContainer: price,
      unitPrice: price / unitsPerContainer,
      expiryDate: options.expiryDate === undefined ? '2099-01-01' : options.expiryDate,
      lotNumber: options.lotNumber ?? `LOT-${unique()}`,
    },
  ]);
  return row!;
}

/**
 * A line waiting on the location's open suggested order (the draft made if there is none): one
 * pack of 10 at $5 from a supplier of the location without a price list, a plain purchase order.
 */
export async function createSuggestedLine(db: DbOrTx, options: { companyId: string }) {
  await db.insert(suggestedOrders).values({ companyId: options.companyId }).onConflictDoNothing();
  const [draft] = await db
    .select()
    .from(suggestedOrders)
    .where(and(eq(suggestedOrders.companyId, options.companyId), eq(suggestedOrders.status, 'open')));
  const product = await createProduct(db, { companyId: null });
  const supplier = await createSupplier(db, { companyId: options.companyId });
  const [line] = await db
    .insert(suggestedOrderLines)
    .values({
      suggestedOrderId: draft!.id,
      companyId: options.companyId,
      productId: product.id,
      vendorId: supplier.id,
      vendorKind: 'supplier',
      sku: null,
      description: product.name,
      packSize: 10,
      price: 5,
      quantity: 1,
      unitsNeeded: 10,
      usableUnits: 0,
      onOrderUnits: 0,
      reorderPoint: 5,
      orderUpTo: 10,
      choices: [{ vendorId: supplier.id, vendorName: supplier.name, vendorKind: 'supplier', sku: null, packSize: 10, price: 5, inStock: true }],
    })
    .returning();
  return { draft: draft!, line: line!, product, supplier };
}

/**
 * A procedure from the practice-management system waiting at the location's chair, its code mapped
 * to a treatment of the location with an empty tray (recording it takes no stock).
 */
/** A procedure waiting at the chair, of a mapped code; with `patientWithoutChart`, one from Open Dental whose patient (that PatNum) has no chart number. */
export async function createPmsProcedure(db: DbOrTx, options: { companyId: string; patientWithoutChart?: string }) {
  const code = `T${unique().replace(/\W/g, '').slice(-8).toUpperCase()}`;
  const [treatment] = await db.insert(treatments).values({ companyId: options.companyId, treatmentCode: code, name: `Procedure ${code}` }).returning();
  await db.insert(pmsCodeMappings).values({ companyId: options.companyId, code, treatmentId: treatment!.id });
  const patient = options.patientWithoutChart;
  const [procedure] = await db
    .insert(pmsProcedures)
    .values({
      companyId: options.companyId,
      source: patient ? 'open_dental' : 'csv',
      externalId: `test:${unique()}`,
      chartNumber: patient ? '' : `PT-${unique()}`,
      patientRef: patient ?? null,
      problem: patient ? `No chart number in Open Dental for patient ${patient}` : null,
      code,
      fee: 100,
      performedOn: '2026-11-26',
    })
    .returning();
  return { procedure: procedure!, treatment: treatment! };
}

/** A Request Product no vendor could take, waiting at the location for an admin to choose its supplier (issue 50). */
export async function createRequestWithoutSupplier(db: DbOrTx, options: { companyId: string; requestedBy: string }) {
  const product = await createProduct(db, { companyId: null });
  const [request] = await db
    .insert(productRequests)
    .values({ companyId: options.companyId, productId: product.id, requestedBy: options.requestedBy, quantity: 2, urgency: 'routine', awaitingSupplier: true })
    .returning();
  return { request: request!, product };
}
