// The supplier list the API-overhead benchmarks ask for, and the suppliers that fill it.

/** The member whose location's suppliers are listed. */
export const MEMBER = 'hygienist@brightsmile.demo';
/** Suppliers of the member's location besides the demo's: a full first page and a count to make. */
const SUPPLIERS = 60;
// What the web's supplier list asks first (apps/web/src/features/suppliers: no search, page 1 of 10).
export const SUPPLIER_LIST_PATH = '/api/supplier?currentPage=1&perPage=10';

/** Adds the suppliers and analyzes them; `client` has node-postgres's query(text, values) (pg or PGlite). */
export async function seedSuppliers(client) {
  await client.query(
    `insert into suppliers (company_id, name, email, phone, tax_id, address, contact_email, contact_phone)
     select u.company_id, 'Bench Supplier ' || lpad(i::text, 3, '0'), 'orders' || i || '@supplier.bench', '+1 512 555 ' || lpad(i::text, 4, '0'),
            'TX-' || i, i || ' Commerce Street, Austin TX', 'rep' || i || '@supplier.bench', '+1 512 556 ' || lpad(i::text, 4, '0')
     from users u cross join generate_series(1, $2::int) i where u.email = $1`,
    [MEMBER, SUPPLIERS],
  );
  await client.query('analyze suppliers');
}
