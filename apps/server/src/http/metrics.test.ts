import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/setup/test-app';
import { createProduct, createSupplier } from '../../test/factories/index';
import { createWorld, type World } from '../../test/world';

// Issue 38: /metrics in the Prometheus text format, only with METRICS_TOKEN as a bearer token.
const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const scrape = async (authorization?: string) => t.request({ method: 'GET', url: '/metrics', ...(authorization ? { headers: { authorization } } : {}) });
/** A sample's value from the text format, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

it('answers only the bearer token', async () => {
  expect((await scrape()).statusCode).toBe(401);
  expect((await scrape('Bearer not-the-token-at-all-0')).statusCode).toBe(401);
  const ok = await scrape(`Bearer ${TOKEN}`);
  expect(ok.statusCode).toBe(200);
  expect(ok.headers['content-type']).toContain('text/plain');
});

it('counts requests by route pattern and status, refused sign-ins, ledger writes by kind, job queues, the outbox and the process', async () => {
  const member = t.tokenFor(world.own.users.company_member);
  const product = await createProduct(t.db, { companyId: null, name: `Metrics ${randomUUID().slice(0, 6)}` });
  expect((await t.request({ method: 'GET', url: `/api/product/${product.id}`, token: member })).statusCode).toBe(200);
  expect((await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: 'nobody@clinic.example', password: 'wrong-password' } })).statusCode).toBe(401);
  const supplier = await createSupplier(t.db, { companyId: world.own.org.locations[0]!.id, name: `Metrics Supply ${randomUUID().slice(0, 6)}` });
  const received = await t.request({ method: 'POST', url: '/api/stock', token: member, payload: { product_id: product.id, supplier_id: supplier.id, container_quantity: 2, units_per_container: 5, price_per_container: 10, expiry_date: '2030-01-31' } });
  expect(received.statusCode, received.body).toBe(201);
  const stockId = received.json().stocks[0].id as string;
  const used = await t.request({ method: 'POST', url: '/api/stock/consume', token: member, payload: { product_id: product.id, stock_id: stockId, quantity: 1, idempotency_key: randomUUID() } });
  expect(used.statusCode, used.body).toBeLessThan(300);

  const text = (await scrape(`Bearer ${TOKEN}`)).body;
  // One series per route pattern: the product's id is not in the label.
  expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/product/:id', status_code: '200' })).toBeGreaterThanOrEqual(1);
  expect(text).not.toContain(product.id);
  expect(sample(text, 'sign_in_failures_total', { reason: 'invalid_credentials' })).toBeGreaterThanOrEqual(1);
  expect(sample(text, 'ledger_operations_total', { kind: 'receipt' })).toBeGreaterThanOrEqual(1);
  // The receipt and the use: two kinds.
  expect(new Set([...text.matchAll(/^ledger_operations_total\{kind="([a-z_]+)"\}/gm)].map((m) => m[1])).size).toBeGreaterThanOrEqual(2);
  expect(sample(text, 'job_queue_jobs', { queue: 'email', state: 'queued' })).toBeGreaterThanOrEqual(0);
  expect(text).toMatch(/^email_outbox_pending \d+/m);
  expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
});

it('is not there without a token', async () => {
  const plain = await createTestApp();
  try {
    expect((await plain.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).not.toBe(200);
  } finally {
    await plain.close();
  }
});
