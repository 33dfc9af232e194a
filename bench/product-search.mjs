// GET /api/product/v2 with a search term at 20 concurrent connections, on PostgreSQL with a
// catalog of 100,000 products, and a 10,000-row CSV import. Run `npm run build` first.
// BENCH_DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// a scratch database clinic_bench is created on it and dropped at the end.
import autocannon from 'autocannon';
import pg from 'pg';
import { dropDatabase, freshDatabase, login, percentile, startServer } from './lib/server.mjs';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = 20;
const DB = 'clinic_bench';
const TERMS = [
  'composite', 'lidocain', 'glove nitrile', 'implant 4.1', 'septodont', 'prophy paste', 'endo file', 'suture 4-0', 'filler', '0857213',
  'articaine', 'bur diamond', 'cotton roll', 'face mask', 'alginate', 'healing abutment', 'whitening gel', 'toxin', 'cannula', 'gauze',
  'kerr', 'ivoclar a2', 'etchant', 'matrix band', 'fluoride varnish', 'saliva ejector', 'bite registration', 'polishing disc', 'temporary cement', 'wedge',
];
// Terms matching about 3,300 products each (335 pages): the costliest pages to rank and count.
const BROAD_TERMS = ['composite', 'lidocain', 'glove nitrile', 'septodont', 'prophy paste', 'endo file', 'filler', 'articaine', 'alginate', 'kerr'];

const BRANDS = ['3M', 'Dentsply Sirona', 'Kerr', 'Ivoclar', 'GC', 'Septodont', 'Nobel Biocare', 'Straumann', 'Hu-Friedy', 'Medline', 'Halyard', 'Cranberry', 'Young', 'Ethicon', 'Ultradent', 'Coltene', 'Shofu', 'VOCO', 'Kulzer', 'Premier', 'Galderma', 'Allergan', 'Merz', 'Revance', 'Zimmer', 'BioHorizons', 'Keystone', 'Henry Schein', 'Patterson', 'Benco'];
const KINDS = ['Composite Syringe', 'Lidocaine Cartridge', 'Nitrile Glove', 'Implant Fixture', 'Prophy Paste', 'Endo File', 'Suture', 'Dermal Filler', 'Impression Material', 'Bonding Agent', 'Etchant Gel', 'Saliva Ejector', 'Cotton Roll', 'Face Mask', 'Sterilization Pouch', 'Bur Diamond', 'Articaine Cartridge', 'Alginate', 'Glass Ionomer', 'Temporary Cement', 'Fluoride Varnish', 'Matrix Band', 'Wedge', 'Polishing Disc', 'Healing Abutment', 'Bite Registration', 'Whitening Gel', 'Toxin Vial', 'Cannula', 'Gauze Sponge'];
const VARIANTS = ['A1', 'A2', 'A3', 'B1', 'Small', 'Medium', 'Large', '4.1 x 10 mm', '3.5 x 8 mm', '4-0', '3-0', 'Mint', 'Cherry', '1 ml', '2 ml', 'Regular', 'Fast Set', 'Universal', '#10', '#25'];

async function seedCatalog(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  await client.query(
    `insert into products (name, brand, barcode, manufacturer_code, type, container, basic_unit, is_approved, description)
     select b.brand || ' ' || k.kind || ' ' || v.variant || ' ' || i,
            b.brand,
            lpad((800000000000 + i)::text, 12, '0'),
            upper(substr(md5(i::text), 1, 8)),
            (case when i % 3 = 0 then 'consumable' else 'disposable' end)::product_type,
            'box', 'item', true,
            'Generated benchmark product ' || i
     from generate_series(1, $1::int) i
     cross join lateral (select ($2::text[])[1 + i % array_length($2::text[], 1)] as brand) b
     cross join lateral (select ($3::text[])[1 + (i / 7) % array_length($3::text[], 1)] as kind) k
     cross join lateral (select ($4::text[])[1 + (i / 13) % array_length($4::text[], 1)] as variant) v`,
    [PRODUCTS, BRANDS, KINDS, VARIANTS],
  );
  // As autovacuum leaves a running server's catalog: the GIN trigram index's pending list (its
  // fastupdate buffer, about 1,700 rows after the bulk insert) merged, which every search would
  // otherwise scan on top of the index, about 2 ms each.
  await client.query('vacuum analyze products');
  await client.end();
  console.log(`catalog: ${PRODUCTS} products generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Requests at CONNECTIONS connections for DURATION_S seconds, each to the path nextPath() gives. */
async function searchLoad(base, token, nextPath) {
  const latencies = [];
  let errors = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ setupRequest: (request) => ({ ...request, method: 'GET', path: nextPath() }) }],
    setupClient: (client) => {
      client.on('response', (statusCode, _bytes, responseTime) => {
        if (statusCode !== 200) {
          if (errors === 0) console.error(`first failure: HTTP ${statusCode}`);
          errors += 1;
        }
        latencies.push(responseTime);
      });
    },
  });
  return { result, latencies, errors };
}

const searchPath = (term, page, perPage = 10) => `/api/product/v2?fuzzySearchQuery=${encodeURIComponent(term)}&perPage=${perPage}&currentPage=${page}`;

/** As the web list asks: a term's first page, then the next two it prefetches, term after term. */
function webListPaths() {
  let index = 0;
  return () => {
    const term = TERMS[Math.floor(index / 3) % TERMS.length];
    const page = 1 + (index % 3);
    index += 1;
    return searchPath(term, page);
  };
}

/**
 * Every request a page nobody asked for before: deep pages of broad terms, so nothing is remembered.
 * When each term's pages from 4 to its last full page have been asked, the next round asks pages
 * one row longer (11 rows, then 12): pages no earlier request had, still within the matches.
 */
function neverSeenPaths() {
  let perPage = 10;
  let page = 4;
  let termIndex = 0;
  return () => {
    if (termIndex === BROAD_TERMS.length) {
      termIndex = 0;
      page += 1;
    }
    // The broad terms match about 3,300 products each: stay on pages that hold rows.
    if (page > Math.floor(3_300 / perPage)) {
      perPage += 1;
      page = 4;
    }
    const path = searchPath(BROAD_TERMS[termIndex], page, perPage);
    termIndex += 1;
    return path;
  };
}

function report(label, { result, latencies, errors }) {
  console.log(`${label}: ${latencies.length} requests in ${DURATION_S} s at ${CONNECTIONS} connections, ${result.requests.average.toFixed(0)} req/s, errors ${errors + result.errors + result.non2xx}`);
  console.log(`  latency ms: p50 ${percentile(latencies, 50).toFixed(1)}  p95 ${percentile(latencies, 95).toFixed(1)}  p99 ${percentile(latencies, 99).toFixed(1)}  max ${latencies.reduce((a, b) => Math.max(a, b), 0).toFixed(1)}`);
}

async function uploadCsv(base, token, csv) {
  const presign = await fetch(`${base}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ file_name: 'bench.csv', type: 'product_csv_import', mimeType: 'text/csv' }),
  }).then((r) => r.json());
  const form = new FormData();
  for (const [name, value] of Object.entries(presign.fields)) form.append(name, value);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const posted = await fetch(`${base}${presign.url}`, { method: 'POST', body: form });
  if (posted.status !== 204) throw new Error(`upload failed: ${posted.status} ${await posted.text()}`);
  return presign.public_url;
}

async function importRun(base, token) {
  const lines = ['Product Name,Barcode,Type,Basic Unit,Container,Brand,Category,Expiry Date'];
  for (let i = 1; i <= IMPORT_ROWS; i += 1) lines.push(`Bench Import Product ${i},IMP${String(i).padStart(9, '0')},disposable,item,box,Bench Brand,Anesthetics,12/31/2027`);
  const url = await uploadCsv(base, token, lines.join('\n'));
  const started = performance.now();
  const created = await fetch(`${base}/api/import/product`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ file_url: url }) }).then((r) => r.json());
  for (;;) {
    const job = await fetch(`${base}/api/import/product/${created.id}?perPage=1`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
    if (job.status === 'completed' || job.status === 'failed') {
      return { seconds: (performance.now() - started) / 1000, job };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const url = await freshDatabase(DB);
const server = await startServer(url, 3600 + Math.floor(Math.random() * 300));
try {
  await seedCatalog(url);
  const member = await login(server.base, 'hygienist@brightsmile.demo');
  // Warm-up: plans and caches, as a running server has them.
  await autocannon({ url: `${server.base}/api/product/v2?fuzzySearchQuery=composite`, connections: 4, amount: 200, headers: { authorization: `Bearer ${member}` } });
  report('product search as the web list asks (30 terms, pages 1-3 each)', await searchLoad(server.base, member, webListPaths()));
  report('product search, every request a page never asked before (deep pages of broad terms)', await searchLoad(server.base, member, neverSeenPaths()));

  const admin = await login(server.base, 'admin@demo.clinic');
  const { seconds, job } = await importRun(server.base, admin);
  console.log(`import: ${IMPORT_ROWS} rows ${job.status} in ${seconds.toFixed(2)} s (${job.succeeded_rows} imported, ${job.failed_rows} failed)`);
} finally {
  await server.stop();
  // BENCH_KEEP=1 leaves the database for EXPLAIN ANALYZE.
  if (!process.env.BENCH_KEEP) await dropDatabase(DB);
}
