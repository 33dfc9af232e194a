// The floor the app's GET /api/supplier is measured against (bench/api-overhead.mjs): a bare
// Fastify + pg server doing the same work and nothing else. It checks the bearer token with the
// app's JWT library and secret, reads the user row and the session's revocation as the app does,
// runs the app's SQL for the first page and its count, and answers the same JSON. No schemas, no
// logging, no hooks: what is left is the least a Node server can spend on this request.
// Run as a child process: DATABASE_URL, PORT, JWT_SECRET and POOL_SIZE come from the environment;
// it prints "baseline listening" once it listens.
import { createRequire } from 'node:module';

// The very copies the server loads (apps/server's dependencies), so the token check costs the same.
const require = createRequire(new URL('../../apps/server/package.json', import.meta.url));
const Fastify = require('fastify');
const { createVerifier } = require('fast-jwt');
const pg = require('pg');

// The statements as the app sends them, by the same names (find_user_by_id in users.repo.ts,
// find_revoked_session in sessions.repo.ts, the supplier_browse_* statements in suppliers.repo.ts):
// the database does the same work for both servers.
const USER = {
  name: 'find_user_by_id',
  text: 'select "users"."id", "users"."organization_id", "users"."company_id", "users"."first_name", "users"."last_name", "users"."email", "users"."phone", "users"."password_hash", "users"."role", "users"."status", "users"."approval_status", "users"."permissions", "users"."hide_tour", "users"."remind_tour_after", "users"."sessions_valid_from", "users"."created_at", "users"."updated_at", "users"."deleted_at", "companies"."id", "companies"."name", "companies"."city", "companies"."state", "organizations"."id", "organizations"."name", "organizations"."approval_status", "organizations"."number_of_locations", "organizations"."subscription_active_until" from "users" left join "companies" on "companies"."id" = "users"."company_id" left join "organizations" on "organizations"."id" = "users"."organization_id" where ("users"."id" = $1 and "users"."deleted_at" is null) limit $2',
  rowMode: 'array',
};
const REVOKED = { name: 'find_revoked_session', text: 'select 1 as one from revoked_sessions where session_id = $1::uuid' };
const WHERE = '("suppliers"."deleted_at" is null and ("suppliers"."company_id" = $1 or "suppliers"."company_id" is null))';
const PAGE = {
  name: 'supplier_browse_page_location',
  text: `select "id", "company_id", "name", "email", "phone", "tax_id", "address", "contact_email", "contact_phone", "vendor_code", "created_at" from "suppliers"\n          where ${WHERE} order by lower("suppliers"."name") asc, "suppliers"."id" asc limit $2 offset $3`,
};
const COUNT = { name: 'supplier_browse_count_location', text: `select count(*)::int as n from "suppliers" where ${WHERE}` };

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 20) });
pool.on('error', () => undefined);
const verifyToken = createVerifier({ key: process.env.JWT_SECRET, algorithms: ['HS256'], allowedIss: 'clinic-inventory' });
// Verified tokens remembered until they expire, as the app remembers them (apps/server/src/modules/auth/tokens.ts): the same work.
const remembered = new Map();
function verify(token) {
  const known = remembered.get(token);
  if (known && Date.now() < known.until) return known.claims;
  const claims = verifyToken(token);
  if (remembered.size >= 2000) remembered.delete(remembered.keys().next().value);
  remembered.set(token, { claims, until: Math.min(claims.exp * 1000, Date.now() + 600_000) });
  return claims;
}

const app = Fastify({ logger: false });

app.get('/api/supplier', async (request, reply) => {
  const header = request.headers.authorization;
  let claims;
  try {
    claims = verify(header?.startsWith('Bearer ') ? header.slice(7).trim() : '');
  } catch {
    return reply.status(401).send({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Session expired' });
  }
  const [users, revoked] = await Promise.all([pool.query({ ...USER, values: [claims.sub, 1] }), pool.query({ ...REVOKED, values: [claims.sid] })]);
  const user = users.rows[0];
  // users.status, organizations.approval_status: the app refuses disabled users and unapproved organizations.
  if (!user || revoked.rows.length > 0 || user[9] === 'disabled' || user[24] !== 'approved') {
    return reply.status(401).send({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Session expired' });
  }
  const companyId = user[2];
  const currentPage = Number(request.query.currentPage ?? 1);
  const perPage = Number(request.query.perPage ?? 10);
  const [page, count] = await Promise.all([pool.query({ ...PAGE, values: [companyId, perPage, (currentPage - 1) * perPage] }), pool.query({ ...COUNT, values: [companyId] })]);
  const total = count.rows[0].n;
  return {
    results: page.rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      tax_id: row.tax_id,
      address: row.address,
      contact_email: row.contact_email,
      contact_phone: row.contact_phone,
      company_id: row.company_id,
      distributor: row.vendor_code !== null,
      created_at: row.created_at.toISOString(),
    })),
    currentPage,
    lastPage: Math.max(1, Math.ceil(total / perPage)),
    total,
  };
});

process.once('SIGTERM', () => {
  void app.close().then(() => pool.end()).then(() => process.exit(0));
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('baseline listening');
