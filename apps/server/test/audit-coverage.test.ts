import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AuditEntity, Role } from '@clinic/domain';
import { createTestApp, type TestApp } from './setup/test-app';
import { createProduct, createStock, createSupplier, createUser } from './factories/index';
import { createWorld, userOf, type World } from './world';
import { queryRows } from './setup/sql';
import { CASES, DOCS_PREFIX } from './authorization/all.cases';
import type { MatrixRequest } from './authorization/case';
import { setMinimumStock } from '../src/modules/products/products.repo';
import { listOutbox } from '../src/modules/mail/outbox.repo';

/**
 * Every write route writes an audit row (issue 18, docs/decisions.md "Audit trail"). Like the
 * authorization matrix, the routes come from the app itself: each POST, PUT, PATCH and DELETE under
 * /api must either be listed in AUDITED, where a successful call is made and the row it must leave
 * is named (kind and action, by the caller), or in EXEMPT with the reason. A new write route with
 * neither fails the first test.
 *
 * The successful call is the authorization matrix's own request (test/authorization/*.cases.ts)
 * for the first role whose own-tenant answer there is a success, unless the entry builds its own.
 */
const EXEMPT: Record<string, string> = {
  // A failed sign-in writes only the throttle's counts (no account is touched); a successful one is audited below.
  // Asking for a reset link: public, answers the same whether the address exists (no account is
  // revealed); the link's use, the password change, is audited below.
  'POST /api/password': 'public request for a reset link; the reset itself is audited',
  // A presigned upload address: the file joins a record only when a record write names it (a
  // product attachment, a visit's recordings), and that write is audited.
  'POST /api/upload': 'grant of an upload address; the record that uses the file is audited',
  'POST /api/upload/local': 'the signed form post of that grant: the policy is the permission, no user',
  // The provider's webhook is signed by the provider, not called by a user; the change it applies
  // is audited without a user ('subscription', 'provider_event') by the same code that the local
  // checkout's completion runs (audited below with its buyer).
  'POST /api/payments/webhook': 'provider callback (signature, no user); apply() writes the row',
  // Questions in a POST body that write nothing.
  'POST /api/voice-actions': 'parses a spoken request into an action; the action runs through its own route',
  'POST /api/transcription': 'speech to text; writes nothing',
  'POST /api/treatment_log/tray-proposal': 'proposes a tray from a case note; writes nothing (Save procedure is audited)',
  // The digest's off link: public, the token is the permission; the row it writes is the subscriber's (tested in reorder-digest.routes.test).
  'POST /api/reorder/digest/off': 'public off link; turnOff() audits it as the subscriber',
  'POST /api/check-checkout-price': 'asks the vendors for prices; writes nothing',
  'POST /api/fetch-final-price-:vendor': 'asks a vendor for its final price; writes nothing',
};

type Build = (world: World, t: TestApp) => Promise<MatrixRequest>;
interface Audited {
  entity: AuditEntity;
  action: string;
  /** Who calls (default: the first role the matrix lets succeed on its own tenant); 'anonymous' for public routes. */
  caller?: Role | 'anonymous';
  /** The row's user when it is not the caller (a public route acts for the account it names). */
  actor?: (world: World) => string;
  build?: Build;
}

const own = (w: World) => w.own.org.locations[0]!.id;
/** The account whose password the reset case changes: the row's user. */
let resetAccount = '';

const AUDITED: Record<string, Audited> = {
  'POST /api/auth/login': {
    entity: 'user',
    action: 'login',
    caller: 'anonymous',
    actor: (w) => w.own.users.company_member.id,
    build: async (w) => ({ url: '/api/auth/login', payload: { username: w.own.users.company_member.email, password: w.own.users.company_member.password } }),
  },
  'POST /api/auth/signup': {
    entity: 'organization',
    action: 'signup',
    caller: 'anonymous',
    actor: () => '',
    build: async () => {
      const suffix = String(Math.floor(1000 + Math.random() * 8999));
      return {
        url: '/api/auth/signup',
        payload: { organization_name: `Audit ${suffix}`, number_of_locations: 1, first_name: 'Ada', last_name: 'Audit', email: `ada-${suffix}@example.com`, phone: `+1 737 555 ${suffix}`, password: 'a-long-password', location: { name: 'Uptown', city: 'Austin', state: 'TX' } },
      };
    },
  },
  'POST /api/password/reset': {
    entity: 'user',
    action: 'password_reset',
    caller: 'anonymous',
    actor: () => resetAccount,
    build: async (w, t) => {
      const user = await createUser(t.db, { role: 'company_member', organizationId: w.own.org.id, companyId: own(w), email: `reset-${randomUUID().slice(0, 8)}@example.com` });
      resetAccount = user.id;
      expect((await t.request({ method: 'POST', url: '/api/password', payload: { email: user.email } })).statusCode).toBe(202);
      const mail = (await listOutbox(t.db, { offset: 0, limit: 100 })).records.find((r) => r.to === user.email)!;
      return { url: '/api/password/reset', payload: { token: /token=([\w-]+)/.exec(mail.text)![1]!, password: 'a-brand-new-password' } };
    },
  },
  'POST /api/auth/logout': { entity: 'user', action: 'logout' },
  'POST /api/auth/switch-locations': { entity: 'user', action: 'switch_location' },
  'POST /api/user': { entity: 'user', action: 'create' },
  'PATCH /api/user/:id': { entity: 'user', action: 'update' },
  'POST /api/user/:id/reset-password': { entity: 'user', action: 'send_password_reset' },
  'PATCH /api/user/:id/reassign-location': { entity: 'user', action: 'reassign_location' },
  'DELETE /api/user/:id': { entity: 'user', action: 'delete' },
  'PATCH /api/organization/:id': { entity: 'organization', action: 'update' },
  'DELETE /api/organization/:id': { entity: 'organization', action: 'delete' },
  'PATCH /api/organization/:id/change-custom-price': { entity: 'organization', action: 'change_custom_price' },
  'POST /api/organization/:id/location': { entity: 'company', action: 'create' },
  'PATCH /api/company/:id': { entity: 'company', action: 'update' },
  'DELETE /api/company/:id': { entity: 'company', action: 'delete' },
  'POST /api/supplier': { entity: 'supplier', action: 'create' },
  'PATCH /api/supplier/:id': { entity: 'supplier', action: 'update' },
  'DELETE /api/supplier/:id': { entity: 'supplier', action: 'delete' },
  'POST /api/category': { entity: 'category', action: 'create' },
  'PATCH /api/category/:id': { entity: 'category', action: 'update' },
  'DELETE /api/category/:id': { entity: 'category', action: 'delete' },
  'POST /api/product': { entity: 'product', action: 'create' },
  'PATCH /api/product/:id': { entity: 'product', action: 'update' },
  'DELETE /api/product/:id': { entity: 'product', action: 'delete' },
  'PATCH /api/product/:id/approve': { entity: 'product', action: 'approve' },
  'PATCH /api/product/:id/reject': { entity: 'product', action: 'reject' },
  'POST /api/product/:id/attachment': { entity: 'product_attachment', action: 'create' },
  'DELETE /api/product/:id/attachment/:attachmentId': { entity: 'product_attachment', action: 'delete' },
  'POST /api/import/treatment': { entity: 'treatment', action: 'import' },
  'POST /api/import/product': { entity: 'product_import', action: 'create' },
  'PATCH /api/import/product/csv_product/:id': { entity: 'product_import_row', action: 'fix' },
  'POST /api/stock': { entity: 'stock', action: 'create' },
  'POST /api/stock/consume': { entity: 'stock_consumption', action: 'consume' },
  'PATCH /api/stock/:id': { entity: 'stock', action: 'update' },
  'POST /api/stock/:id/move': { entity: 'stock', action: 'move' },
  'POST /api/places': { entity: 'storage_place', action: 'create' },
  'POST /api/transfers': { entity: 'stock_transfer', action: 'request' },
  'POST /api/transfers/:id/ship': { entity: 'stock_transfer', action: 'ship' },
  'POST /api/transfers/:id/receive': { entity: 'stock_transfer', action: 'receive' },
  'POST /api/transfers/:id/cancel': { entity: 'stock_transfer', action: 'cancel' },
  'PATCH /api/places/:id': { entity: 'storage_place', action: 'rename' },
  'POST /api/places/:id/retire': { entity: 'storage_place', action: 'retire' },
  'POST /api/counts': { entity: 'stock_count', action: 'start' },
  'PUT /api/product/:id/reorder-levels': { entity: 'product', action: 'pin_reorder_levels' },
  'DELETE /api/product/:id/reorder-levels': { entity: 'product', action: 'unpin_reorder_levels' },
  'PUT /api/reorder/settings': { entity: 'reorder_settings', action: 'update' },
  'PUT /api/product/:id/fill-rate': { entity: 'product', action: 'set_fill_rate' },
  'DELETE /api/product/:id/fill-rate': { entity: 'product', action: 'clear_fill_rate' },
  'PUT /api/reorder/category-fill-rates/:id': { entity: 'category', action: 'set_fill_rate' },
  'DELETE /api/reorder/category-fill-rates/:id': { entity: 'category', action: 'clear_fill_rate' },
  'PUT /api/supplier/:id/shipping': { entity: 'supplier', action: 'set_shipping' },
  'DELETE /api/supplier/:id/shipping': { entity: 'supplier', action: 'clear_shipping' },
  'POST /api/reorder/suggestions/refresh': { entity: 'suggested_order', action: 'draft' },
  'PATCH /api/reorder/suggestions/lines/:id': { entity: 'suggested_order', action: 'update_line' },
  'DELETE /api/reorder/suggestions/lines/:id': { entity: 'suggested_order', action: 'remove_line' },
  'POST /api/reorder/suggestions/order': { entity: 'suggested_order', action: 'order' },
  'POST /api/pms/waiting/confirm': { entity: 'treatment_log', action: 'create' },
  'POST /api/pms/procedures/:id/dismiss': { entity: 'pms_procedure', action: 'dismiss' },
  'PUT /api/pms/procedures/:id/patient': { entity: 'pms_procedure', action: 'pick_patient' },
  'POST /api/pms/procedures/import': { entity: 'pms_procedure', action: 'import' },
  'PUT /api/pms/codes': { entity: 'pms_procedure', action: 'map_code' },
  'PUT /api/pms/production/monthly': { entity: 'pms_procedure', action: 'production_month' },
  'POST /api/pms/production/import': { entity: 'pms_procedure', action: 'production_import' },
  'POST /api/pms/upcoming/import': { entity: 'pms_procedure', action: 'import_schedule' },
  'PUT /api/pms/connection': { entity: 'pms_connection', action: 'save' },
  // Sends the keys to the address given: who tried which address is kept (never the keys).
  'POST /api/pms/connection/test': { entity: 'pms_connection', action: 'test' },
  // A manual run, whatever its outcome: this connection is on, its keys sealed under a PMS_SECRET_KEY
  // this server lacks, so the run ends at once saying so (200, last_error) and nothing is sent.
  'POST /api/pms/connection/sync': {
    entity: 'pms_connection',
    action: 'sync',
    caller: 'organization_admin',
    build: async (w, t) => {
      await t.db.execute(sql`
        insert into pms_connections (company_id, kind, base_url, enabled, developer_key_encrypted, customer_key_encrypted, connected_by, practice_key)
        values (${own(w)}, 'open_dental', 'https://api.opendental.com/api/v1', true, 'v1:sealed', 'v1:sealed', ${w.own.users.organization_admin.id}, '')
        on conflict (company_id) do update set enabled = true, developer_key_encrypted = 'v1:sealed', customer_key_encrypted = 'v1:sealed', connected_by = excluded.connected_by`);
      return { url: '/api/pms/connection/sync' };
    },
  },
  'PUT /api/reorder/digest': { entity: 'reorder_digest', action: 'update' },
  'PUT /api/counts/:id/lines/:lineId': { entity: 'stock_count', action: 'count_line' },
  'POST /api/counts/:id/found': { entity: 'stock_count', action: 'found' },
  'POST /api/counts/:id/submit': { entity: 'stock_count', action: 'submit' },
  'POST /api/counts/:id/approve': { entity: 'stock_count', action: 'approve' },
  'POST /api/counts/:id/cancel': { entity: 'stock_count', action: 'cancel' },
  'POST /api/stock/:id/dispose': { entity: 'stock', action: 'dispose' },
  'POST /api/stock/:id/return': { entity: 'stock', action: 'return' },
  'POST /api/stock/:id/status': { entity: 'stock', action: 'quarantine' },
  'DELETE /api/stock/:id': { entity: 'stock', action: 'delete' },
  'POST /api/alert/:id/dismiss': { entity: 'alert', action: 'dismiss' },
  'POST /api/purchase/running-list': { entity: 'running_list', action: 'create' },
  'POST /api/product/:id/requests': { entity: 'product_request', action: 'create' },
  // Issue 50: a location admin chooses the supplier of a request without one, or declines it.
  'POST /api/purchase/product-requests/:id/supplier': { entity: 'product_request', action: 'choose_supplier' },
  'DELETE /api/purchase/product-requests/:id': { entity: 'product_request', action: 'decline' },
  'DELETE /api/purchase/running-list/:id': { entity: 'running_list', action: 'delete' },
  'POST /api/purchase/running-list/product': { entity: 'running_list', action: 'add_products' },
  'POST /api/purchase/running-list/product/bulk': { entity: 'running_list', action: 'add_products' },
  'PATCH /api/purchase/running-list/product/:id': { entity: 'running_list_product', action: 'update' },
  'DELETE /api/purchase/running-list/product/:id': { entity: 'running_list_product', action: 'delete' },
  // Writes only when a product is below its minimum: this location has one.
  'POST /api/purchase/running-list/reorder-suggestions': {
    entity: 'running_list',
    action: 'reorder_suggestions',
    caller: 'organization_admin',
    build: async (w, t) => {
      const product = await createProduct(t.db, { companyId: null });
      await createStock(t.db, { companyId: own(w), productId: product.id, supplierId: (await createSupplier(t.db, { companyId: null })).id, containers: 1, unitsPerContainer: 5 });
      await setMinimumStock(t.db, product.id, own(w), 50);
      return { url: '/api/purchase/running-list/reorder-suggestions', payload: {} };
    },
  },
  'POST /api/purchase/running-list/purchase-order': { entity: 'purchase_order', action: 'create' },
  'POST /api/purchase/purchase-order/:id/receive': { entity: 'purchase_order', action: 'receive' },
  'POST /api/treatment/category': { entity: 'treatment_category', action: 'create' },
  'PATCH /api/treatment/category/:id': { entity: 'treatment_category', action: 'update' },
  'DELETE /api/treatment/category/:id': { entity: 'treatment_category', action: 'delete' },
  'POST /api/treatment': { entity: 'treatment', action: 'create' },
  'PATCH /api/treatment/:id': { entity: 'treatment', action: 'update' },
  'DELETE /api/treatment/:id': { entity: 'treatment', action: 'delete' },
  'POST /api/treatment_log': { entity: 'treatment_log', action: 'create' },
  'PATCH /api/treatment_log/:id': { entity: 'treatment_log', action: 'update_case_notes' },
  // The matrix's visit has no recording (400); this one has.
  'PATCH /api/treatment_log/:id/regenerate-casenotes': {
    entity: 'treatment_log',
    action: 'regenerate_case_notes',
    caller: 'company_member',
    build: async (w, t) => {
      const { url } = await CASES['PATCH /api/treatment_log/:id/regenerate-casenotes']!.build(w, t, 'company_member', 'own');
      const id = url.split('/')[3]!;
      await t.db.execute(sql`update treatment_logs set recording_urls = '["/api/files/recording.webm"]'::jsonb where id = ${id}`);
      return { url };
    },
  },
  'PUT /api/recall/contacts/:patient_id': { entity: 'recall_contact', action: 'create' },
  'POST /api/jobs/:queue/:id/retry': { entity: 'job', action: 'retry' },
  // Unmarking writes only when the patient was marked: this one is, first.
  'DELETE /api/recall/contacts/:patient_id': {
    entity: 'recall_contact',
    action: 'delete',
    caller: 'company_member',
    build: async (w, t) => {
      const request = await CASES['DELETE /api/recall/contacts/:patient_id']!.build(w, t, 'company_member', 'own');
      expect((await t.request({ method: 'PUT', url: request.url, token: t.tokenFor(w.own.users.company_member) })).statusCode).toBe(200);
      return request;
    },
  },
  'POST /api/payments/provide-free-subscription': { entity: 'organization', action: 'provide_free_subscription' },
  'POST /api/payments/local-checkout/:id/complete': { entity: 'subscription', action: 'complete_checkout' },
  'POST /api/payments/local-checkout/:id/cancel': { entity: 'subscription', action: 'cancel_checkout' },
  'POST /api/supplier/:id/price-list': { entity: 'price_list', action: 'upload' },
  'DELETE /api/supplier/:id/price-list': { entity: 'price_list', action: 'delete' },
  'PATCH /api/supplier/:id/price-list/items/:itemId': { entity: 'price_list_item', action: 'match' },
  'POST /api/place-order': { entity: 'marketplace_checkout', action: 'place' },
  'PATCH /api/order-details/:id/status': { entity: 'purchase_order', action: 'vendor_status' },
};

let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const writeRoutes = () => t.routes.filter((r) => WRITE_METHODS.has(r.method) && r.url.startsWith('/api') && !r.url.startsWith(DOCS_PREFIX)).map((r) => `${r.method} ${r.url}`);
const CALLERS: Role[] = ['organization_admin', 'company_admin', 'company_member', 'admin', 'assistant'];
const lastId = async () => Number((await queryRows<{ n: string | null }>(t.db, sql`select max(id) as n from audit_log`))[0]!.n ?? 0);

it('names the audit row, or the reason for none, of every write route', () => {
  const routes = writeRoutes();
  expect(routes.filter((key) => !AUDITED[key] && !EXEMPT[key])).toEqual([]);
  expect(routes.filter((key) => AUDITED[key] && EXEMPT[key])).toEqual([]);
  const stale = [...Object.keys(AUDITED), ...Object.keys(EXEMPT)].filter((key) => !routes.includes(key));
  expect(stale).toEqual([]);
});

describe.each(Object.entries(AUDITED))('%s', (key, audited) => {
  it(`writes a '${audited.entity}' '${audited.action}' row`, async () => {
    const [method] = key.split(' ') as [string];
    const matrix = CASES[key];
    const caller =
      audited.caller ??
      CALLERS.find((role) => {
        const status = matrix?.expect[role][0] ?? 0;
        return status >= 200 && status < 300;
      });
    expect(caller, 'a caller the matrix lets succeed').toBeDefined();
    const request = audited.build ? await audited.build(world, t) : await matrix!.build(world, t, caller!, 'own');
    const before = await lastId();
    const token = caller === 'anonymous' ? undefined : t.tokenFor(userOf(world, caller!));
    const res = await t.request({
      method: method as 'POST',
      url: request.url,
      ...(token ? { token } : {}),
      ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
      ...(request.headers ? { headers: request.headers } : {}),
    });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
    expect(res.statusCode, res.body).toBeLessThan(300);
    const rows = await queryRows<{ entity: string; action: string; actor: string | null }>(t.db, sql`select entity, action, actor_user_id as actor from audit_log where id > ${before} order by id`);
    const actor = audited.actor ? audited.actor(world) : userOf(world, caller as Role).id;
    // '': the row's user is the account sign-up created, whatever its id.
    expect(rows.filter((r) => r.entity === audited.entity && r.action === audited.action && (actor === '' ? r.actor !== null : r.actor === actor))).toHaveLength(1);
  });
});

describe('reads of a patient’s visits and case notes', () => {
  it('write a read row: a visit, a patient’s history, their implants', async () => {
    const member = world.own.users.company_member;
    const visitUrl = (await CASES['GET /api/treatment_log/:id']!.build(world, t, 'company_member', 'own')).url;
    const visitId = visitUrl.split('/')[3]!;
    const [visit] = await queryRows<{ patient_id: string }>(t.db, sql`select patient_id from treatment_logs where id = ${visitId}`);
    const patientId = visit!.patient_id;
    for (const url of [visitUrl, `/api/treatment_log?patient_id=${patientId}`, `/api/patient/${patientId}/implants`, '/api/treatment_log']) {
      const before = await lastId();
      const res = await t.request({ method: 'GET', url, token: t.tokenFor(member) });
      expect(res.statusCode, url).toBe(200);
      const rows = await queryRows<{ entity: string; entity_id: string; action: string; actor: string }>(t.db, sql`select entity, entity_id, action, actor_user_id as actor from audit_log where id > ${before}`);
      expect(rows, url).toHaveLength(1);
      expect(rows[0]!.actor).toBe(member.id);
      expect(`${rows[0]!.entity}:${rows[0]!.action}`, url).toBe(
        url === visitUrl ? 'treatment_log:read' : url.endsWith('/implants') ? 'patient:read_implants' : url.includes('patient_id') ? 'patient:read' : 'treatment_log:read_list',
      );
      if (url !== '/api/treatment_log') expect(rows[0]!.entity_id).toBe(url === visitUrl ? visitId : patientId);
    }
  });
});
