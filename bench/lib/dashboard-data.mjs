// The dashboard benchmark's data: an organization of LOCATIONS locations with two years of
// receipts, visits and manual use, USAGE_ROWS ledger rows in all, written in bulk SQL. The
// triggers are off while it loads; the stock counters and the report rollups are then computed
// from the rows, the same way the app's own rebuild does (report_rollups_rebuild()).
// Choices are spread deterministically (modular arithmetic), so two runs load the same data.
import pg from 'pg';

const BULK_TABLES = ['stocks', 'stock_usages', 'treatment_logs', 'treatment_log_treatments', 'treatment_log_products'];

/**
 * Loads the data for the organization of `ownerEmail`. Returns what was written.
 * usageRows: ledger rows in total, 85% from visits (three products each), 15% manual use.
 */
export async function loadDashboardData(url, { ownerEmail, locations, usageRows, days = 730 }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text, values = []) => client.query(text, values);
  try {
    const { rows: [owner] } = await q('select organization_id from users where email = $1', [ownerEmail]);
    const org = owner.organization_id;
    const lotsPerLocation = Math.round(days / 3); // a receipt every third day
    const visitsPerLocation = Math.round((usageRows * 0.85) / 3 / locations);
    const manualPerLocation = Math.round((usageRows * 0.15) / locations);

    await q(`insert into companies (organization_id, name, city, state)
             select $1, 'Bench Location ' || i, 'Austin', 'TX'
             from generate_series(1, $2::int - (select count(*)::int from companies where organization_id = $1 and deleted_at is null)) i`, [org, locations]);
    await q(`create temp table bench_locations as
             select id, row_number() over (order by created_at, id)::int as n from companies where organization_id = $1 and deleted_at is null`, [org]);
    await q(`create temp table bench_products as
             select id, row_number() over (order by id)::int as n from products where is_approved and deleted_at is null and company_id is null`);
    await q(`create temp table bench_suppliers as select id, row_number() over (order by id)::int as n from suppliers where deleted_at is null`);
    const { rows: [counts] } = await q('select (select count(*)::int from bench_products) as products, (select count(*)::int from bench_suppliers) as suppliers');

    await q(`insert into treatments (company_id, treatment_code, name)
             select l.id, 'BENCH-' || i, 'Bench treatment ' || i from bench_locations l cross join generate_series(1, 10) i`);
    await q(`create temp table bench_treatments as
             select id, company_id, row_number() over (partition by company_id order by treatment_code)::int as n from treatments where treatment_code like 'BENCH-%'`);
    await q(`insert into patients (company_id, chart_number) select l.id, 'BP-' || i from bench_locations l cross join generate_series(1, 400) i`);
    await q(`create temp table bench_patients as
             select id, company_id, row_number() over (partition by company_id order by chart_number)::int as n from patients where chart_number like 'BP-%'`);
    await q('create index on bench_treatments (company_id, n); create index on bench_patients (company_id, n)');

    for (const table of BULK_TABLES) await q(`alter table ${table} disable trigger user`);

    // Receipts: one every third day per location; every tenth on consignment.
    await q(`insert into stocks (company_id, product_id, supplier_id, container_quantity, units_per_container, price_per_container, unit_price,
                                 expiry_date, lot_number, is_consignment, created_at, place_id)
             select l.id, p.id, s.id, 10, 100, 20 + (g * 13 + l.n) % 200, (20 + (g * 13 + l.n) % 200) / 100.0,
                    (now() - ($3::int - g * 3) * interval '1 day' + (180 + (g * 37 + l.n) % 540) * interval '1 day')::date,
                    'BENCH-' || l.n || '-' || g, g % 10 = 0, now() - ($3::int - g * 3) * interval '1 day',
                    -- The location's default place, which stocks_default_place() would fill with the triggers on.
                    (select sp.id from storage_places sp where sp.company_id = l.id and sp.is_default)
             from bench_locations l cross join generate_series(1, $4::int) g
             join bench_products p on p.n = 1 + (g * 7919 + l.n * 31) % $1::int
             join bench_suppliers s on s.n = 1 + (g + l.n) % $2::int`, [counts.products, counts.suppliers, days, lotsPerLocation]);
    await q(`create temp table bench_lots as
             select id, company_id, product_id, unit_price, lot_number, row_number() over (partition by company_id order by created_at, id)::int as n
             from stocks where lot_number like 'BENCH-%'`);
    await q('create index on bench_lots (company_id, n)');

    // Visits spread over the days, one treatment and three products each, from recent lots.
    await q(`insert into treatment_logs (company_id, patient_id, case_notes, created_at)
             select l.id, pt.id, 'bench', now() - $2::int * interval '1 day' + (v * $2::float / $1::int) * interval '1 day'
             from bench_locations l cross join generate_series(1, $1::int) v
             join bench_patients pt on pt.company_id = l.id and pt.n = 1 + (v * 101 + l.n) % 400`, [visitsPerLocation, days]);
    await q(`create temp table bench_visits as
             select id, company_id, created_at, row_number() over (partition by company_id order by created_at, id)::int as n
             from treatment_logs where case_notes = 'bench'`);
    await q(`insert into treatment_log_treatments (treatment_log_id, treatment_id, position)
             select v.id, t.id, 0 from bench_visits v join bench_treatments t on t.company_id = v.company_id and t.n = 1 + v.n % 10`);
    await q(`create temp table bench_lines as
             select gen_random_uuid() as id, v.id as log_id, v.company_id, t.id as treatment_id, lot.id as stock_id, lot.product_id, lot.unit_price,
                    lot.lot_number, 1 + (v.n + k) % 3 as quantity, v.created_at
             from bench_visits v cross join generate_series(1, 3) k
             join bench_treatments t on t.company_id = v.company_id and t.n = 1 + v.n % 10
             join bench_lots lot on lot.company_id = v.company_id
              and lot.n = greatest(1, least($2::int, (v.n * $2::float / $1::int)::int - (k * 7 + v.n) % 10))`, [visitsPerLocation, lotsPerLocation]);
    await q(`insert into treatment_log_products (id, treatment_log_id, company_id, treatment_id, product_id, quantity, cost, unit_price, lot_number)
             select id, log_id, company_id, treatment_id, product_id, quantity, round(quantity * unit_price, 2), unit_price, lot_number from bench_lines`);
    await q(`insert into stock_usages (company_id, stock_id, product_id, kind, quantity, unit_price, note, treatment_log_product_id, created_at)
             select company_id, stock_id, product_id, 'treatment', quantity, unit_price, 'Bench visit', id, created_at from bench_lines`);
    await q(`update treatment_logs l set total_cost = c.total
             from (select log_id, sum(round(quantity * unit_price, 2)) as total from bench_lines group by log_id) c where l.id = c.log_id`);
    // Manual use: one unit at a time from a recent lot.
    await q(`insert into stock_usages (company_id, stock_id, product_id, kind, quantity, unit_price, note, created_at)
             select lot.company_id, lot.id, lot.product_id, 'manual', 1, lot.unit_price, 'Bench manual use',
                    now() - $3::int * interval '1 day' + (m * $3::float / $1::int) * interval '1 day'
             from bench_locations l cross join generate_series(1, $1::int) m
             join bench_lots lot on lot.company_id = l.id and lot.n = greatest(1, least($2::int, (m * $2::float / $1::int)::int - m % 10))`,
      [manualPerLocation, lotsPerLocation, days]);
    // The counters the ledger trigger keeps, from the rows.
    await q(`update stocks s set units_used = u.used, units_consumed = u.consumed
             from (select stock_id, coalesce(sum(quantity) filter (where kind = 'treatment'), 0) as used,
                          coalesce(sum(quantity) filter (where kind = 'manual'), 0) as consumed
                   from stock_usages group by stock_id) u
             where s.id = u.stock_id and s.lot_number like 'BENCH-%'`);

    for (const table of BULK_TABLES) await q(`alter table ${table} enable trigger user`);
    await q('select report_rollups_rebuild()');
    await q('select report_patients_rebuild()');
    await q('vacuum analyze');
    const { rows: [written] } = await q(`select (select count(*)::int from stock_usages) as usage_rows, (select count(*)::int from treatment_logs) as visits,
                                               (select count(*)::int from stocks) as lots, (select count(*)::int from bench_locations) as locations,
                                               (select count(*)::int from report_daily_usage) as usage_rollup_rows`);
    return written;
  } finally {
    await client.end();
  }
}
