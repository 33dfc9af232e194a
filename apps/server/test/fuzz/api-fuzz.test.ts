import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { NESTED_TOO_DEEPLY_MESSAGE, ROLES } from '@clinic/domain';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../setup/test-app';
import { queryRows } from '../setup/sql';
import { createCategory, createProduct, createStock, createSupplier } from '../factories/index';
import { createWorld, type Tenant, type World } from '../world';
import { insertTreatment } from '../../src/modules/treatments/treatments.repo';
import { brokenValueOf, valueOf, type IdPool, type JsonSchema } from './schema-arbitrary';
import { dateFieldsOf, DEEP_BODIES, EXTREME_DATE_TIMES, EXTREME_DAYS, withValueAt } from './odd-input';

/**
 * Issue 18: every operation of the OpenAPI document, called by every role with generated requests
 * (valid and broken bodies, odd queries, own, foreign and unknown ids). Whatever comes in:
 *  - no answer is a 5xx;
 *  - a refused write (4xx) changes nothing in the database;
 *  - no answer to a user of one organization holds an id of the other's records.
 * Bounded by FUZZ_RUNS requests per operation and caller (README, "Fuzzing").
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);

interface Operation {
  method: string;
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  query: { name: string; schema: JsonSchema; required: boolean }[];
  body: JsonSchema | undefined;
  json: boolean;
  /** 5xx answers the route documents as designed (the readiness check's 503 in a process without jobs): not crashes. */
  designed5xx: Set<number>;
}

/** Tables a refused request may still write: sign-in failures are counted before the password is checked. */
const MAY_CHANGE_ON_REFUSAL = new Set(['login_failures']);

let t: TestApp;
let world: World;
const ids: Record<'own' | 'foreign', string[]> = { own: [], foreign: [] };
let operations: Operation[] = [];
let tables: string[] = [];
const figures = { requests: 0, serverErrors: 0, refusedWrites: 0, byStatus: new Map<number, number>() };

/** The records of a tenant the fuzzer may name: its organization, locations, users and some of each kind. */
async function recordsOf(tenant: Tenant, label: string): Promise<string[]> {
  const companyId = tenant.org.locations[0]!.id;
  const supplier = await createSupplier(t.db, { companyId });
  const category = await createCategory(t.db, { companyId });
  const product = await createProduct(t.db, { companyId, name: `${label} fuzz product` });
  const stock = await createStock(t.db, { companyId, productId: product.id, unitsPerContainer: 50 });
  const treatment = await insertTreatment(t.db, { companyId, treatmentCode: `FZ${label}`, name: `${label} fuzz treatment`, abbreviation: '', description: '', categoryId: null, createdBy: null });
  const visit = await t.request({
    method: 'POST',
    url: '/api/treatment_log',
    token: t.tokenFor(tenant.users.company_member),
    payload: { patient_chart_number: `FZ-${label}`, treatments: [treatment.id], products: [{ product_id: product.id, quantity: 1 }], idempotency_key: randomUUID() },
  });
  expect(visit.statusCode).toBe(201);
  const log = visit.json() as { id: string; patient_id?: string; patient?: { id: string } };
  return [
    tenant.org.id,
    ...tenant.org.locations.map((l) => l.id),
    ...Object.values(tenant.users).map((u) => u.id),
    supplier.id,
    category.id,
    product.id,
    stock.id,
    treatment.id,
    log.id,
    ...(log.patient_id ? [log.patient_id] : log.patient ? [log.patient.id] : []),
  ];
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}

function operationsOf(document: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => {
        const params = op.parameters ?? [];
        const content = op.requestBody?.content ?? {};
        return {
          method: method.toUpperCase(),
          path,
          pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? { type: 'string' } })),
          query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? { type: 'string' }, required: Boolean(p.required) })),
          body: content['application/json']?.schema,
          json: Boolean(content['application/json']) || !op.requestBody,
          designed5xx: new Set(Object.keys(op.responses ?? {}).map(Number).filter((status) => status >= 500)),
        };
      }),
  );
}

/** Everything in the database a request could have written, as one digest. */
async function databaseDigest(): Promise<string> {
  const parts = tables.map((table) => sql`(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${sql.identifier(table)} x)`);
  const [row] = await queryRows<{ digest: string }>(t.db, sql`select md5(concat(${sql.join(parts, sql`, `)})) as digest`);
  return row!.digest;
}

/** A request of one operation: its URL (path and query) and body, from generated parts. */
function requestArbitrary(op: Operation, pool: IdPool) {
  const pathValues = fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, fc.oneof({ weight: 4, arbitrary: valueOf(p.schema, pool) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) })])));
  const queryValues = fc.record(
    Object.fromEntries(op.query.map((q) => [q.name, fc.oneof(valueOf(q.schema, pool), fc.string({ unit: 'grapheme', maxLength: 20 }))])),
    { requiredKeys: [] },
  );
  const body = op.method === 'GET' || op.method === 'DELETE' ? fc.constant(undefined) : fc.oneof({ weight: 3, arbitrary: valueOf(op.body, pool) }, { weight: 2, arbitrary: brokenValueOf(op.body, pool) });
  return fc.record({ pathValues, queryValues, body }).map(({ pathValues, queryValues, body }) => {
    const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String((pathValues as Record<string, unknown>)[name] ?? 'x')));
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(queryValues as Record<string, unknown>)) {
      if (value !== undefined && value !== null) query.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean));
    }
    const search = query.toString();
    return { url: search ? `${path}?${search}` : path, body };
  });
}

/** A request of one operation whose path and body follow its schemas: the odd value is put in after. */
function requestFollowingSchemas(op: Operation, pool: IdPool): { path: string; body: unknown } {
  const parts = fc.record({ params: fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, valueOf(p.schema, pool)]))), body: valueOf(op.body, pool) });
  const [{ params, body }] = fc.sample(parts, { numRuns: 1, seed: SEED }) as [{ params: Record<string, unknown>; body: unknown }];
  return { path: op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(params[name] ?? 'x'))), body };
}

/** Counts an answer in the figures the suite prints at the end. */
function tally(statusCode: number, designed = false): void {
  figures.requests += 1;
  figures.byStatus.set(statusCode, (figures.byStatus.get(statusCode) ?? 0) + 1);
  if (statusCode >= 500 && !designed) figures.serverErrors += 1;
}

beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
  ids.own = await recordsOf(world.own, 'Own');
  ids.foreign = await recordsOf(world.foreign, 'Foreign');
  const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, OpenApiOperation>> };
  operations = operationsOf(document).filter((op) => !op.path.startsWith('/api/docs'));
  const found = await queryRows<{ table_name: string }>(t.db, sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  tables = found.map((r) => r.table_name).filter((name) => !name.startsWith('__') && !MAY_CHANGE_ON_REFUSAL.has(name));
}, 120_000);

afterAll(async () => {
  const statuses = [...figures.byStatus.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${String(status)}: ${String(count)}`);
  console.log(`API fuzz: ${String(operations.length)} operations, ${String(figures.requests)} requests, ${String(figures.serverErrors)} answered 5xx, ${String(figures.refusedWrites)} refused writes checked unchanged (${statuses.join(', ')})`);
  await t.close();
});

const callers = ['anonymous', ...ROLES] as const;

it('reads the operations of the OpenAPI document', () => {
  expect(operations.length).toBeGreaterThan(100);
  expect(tables.length).toBeGreaterThan(30);
});

describe.each(callers)('as %s', (caller) => {
  it('no 5xx, nothing written when refused, no other organization\'s ids', { timeout: 600_000 }, async () => {
    const user = caller === 'anonymous' ? null : caller === 'admin' ? world.admin : world.own.users[caller];
    // The product admin sees every organization; for the others, the other organization's records are foreign.
    const pool: IdPool = { own: ids.own, foreign: ids.foreign };
    const foreign = caller === 'admin' ? [] : ids.foreign;
    const problems: string[] = [];
    for (const op of operations) {
      const write = op.method !== 'GET';
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op, pool), async ({ url, body }) => {
          // A fresh token each time: a request that signs out must not end the next one's session.
          const token = user ? t.tokenFor(user) : undefined;
          const before = write ? await databaseDigest() : '';
          const res = await t.request({ method: op.method as 'GET', url, ...(token ? { token } : {}), ...(body !== undefined && op.json ? { payload: body as object } : {}) });
          tally(res.statusCode, op.designed5xx.has(res.statusCode));
          const where = `${op.method} ${url} as ${caller} -> ${String(res.statusCode)}`;
          if (res.statusCode >= 500 && !op.designed5xx.has(res.statusCode)) {
            problems.push(`${where}: ${res.body.slice(0, 300)} body=${JSON.stringify(body)?.slice(0, 300) ?? ''}`);
          }
          if (write && res.statusCode >= 400 && res.statusCode < 500) {
            figures.refusedWrites += 1;
            if ((await databaseDigest()) !== before) problems.push(`${where}: a refused request changed the database`);
          }
          const leaked = foreign.filter((id) => res.body.includes(id) && !url.includes(id) && !JSON.stringify(body ?? '').includes(id));
          if (leaked.length > 0) problems.push(`${where}: answered another organization's ${leaked.join(', ')}`);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    expect(problems).toEqual([]);
  });
});

/**
 * Issue 39: odd input on every operation, sent once each (not sampled): each answer must be the
 * 400 of that input, and nothing may be written. Authentication and permissions come before
 * validation, so each request goes to the callers in turn (the product admin first, who is kept
 * out of a location's records) until one is let in.
 */
describe('odd input on every operation', () => {
  const pool = () => ({ own: ids.own, foreign: ids.foreign });
  const callersInTurn = () => [world.admin, world.own.users.organization_admin, world.own.users.company_admin, world.own.users.company_member, world.own.users.assistant];

  async function asFirstLetIn(options: InjectOptions) {
    let res: Awaited<ReturnType<TestApp['request']>> | undefined;
    for (const user of callersInTurn()) {
      res = await t.request({ ...options, token: t.tokenFor(user) });
      tally(res.statusCode);
      if (res.statusCode !== 401 && res.statusCode !== 403) break;
    }
    return res!;
  }

  /** The fields a 400 names. */
  const namedFields = (res: { statusCode: number; json: () => unknown }) => (res.statusCode === 400 ? ((res.json() as { errors?: { field: string; message: string }[] }).errors ?? []) : []);

  it('a body nested 10,000 deep answers 400 naming the body', { timeout: 300_000 }, async () => {
    const problems: string[] = [];
    const takingBodies = operations.filter((op) => op.method !== 'GET');
    for (const op of takingBodies) {
      const { path } = requestFollowingSchemas(op, pool());
      const before = await databaseDigest();
      for (const payload of DEEP_BODIES) {
        const res = await asFirstLetIn({ method: op.method as 'POST', url: path, headers: { 'content-type': 'application/json' }, payload });
        const errors = namedFields(res);
        if (errors[0]?.field !== 'body' || errors[0].message !== NESTED_TOO_DEEPLY_MESSAGE) problems.push(`${op.method} ${path} (${payload.slice(0, 12)}...) -> ${String(res.statusCode)}: ${res.body.slice(0, 200)}`);
      }
      if ((await databaseDigest()) !== before) problems.push(`${op.method} ${path}: a body nested too deeply changed the database`);
    }
    expect(problems).toEqual([]);
    expect(takingBodies.length).toBeGreaterThan(60);
  });

  it('a date far outside any record answers 400 naming the field, in a query or a body', { timeout: 300_000 }, async () => {
    const problems: string[] = [];
    let fields = 0;
    for (const op of operations) {
      const inQuery = op.query.flatMap((q) => dateFieldsOf(q.schema, [q.name]).map((field) => ({ ...field, named: `querystring.${field.path.join('.')}`, inBody: false })));
      const inBody = dateFieldsOf(op.body).map((field) => ({ ...field, named: field.path.join('.'), inBody: true }));
      if (inQuery.length + inBody.length === 0) continue;
      const { path, body } = requestFollowingSchemas(op, pool());
      const before = op.method === 'GET' ? '' : await databaseDigest();
      for (const field of [...inQuery, ...inBody]) {
        fields += 1;
        for (const value of field.format === 'date' ? EXTREME_DAYS : EXTREME_DATE_TIMES) {
          const url = field.inBody ? path : `${path}?${new URLSearchParams({ [field.path.join('.')]: value }).toString()}`;
          const payload = field.inBody ? withValueAt(body, field.path, value) : op.method === 'GET' ? undefined : body;
          const res = await asFirstLetIn({ method: op.method as 'GET', url, ...(payload !== undefined ? { payload: payload as object } : {}) });
          if (!namedFields(res).some((e) => e.field === field.named)) problems.push(`${op.method} ${url} ${field.named}=${value} -> ${String(res.statusCode)}: ${res.body.slice(0, 200)}`);
        }
      }
      if (op.method !== 'GET' && (await databaseDigest()) !== before) problems.push(`${op.method} ${path}: a date far outside any record changed the database`);
    }
    expect(problems).toEqual([]);
    // The document's dates: report and list ranges, the audit trail, expiry dates, the tour reminder.
    expect(fields).toBeGreaterThan(20);
  });
});
