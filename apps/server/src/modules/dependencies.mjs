// Which modules each module uses, and which of its files other modules may import.
// Read by the ESLint rule clinic/module-boundaries (eslint/module-boundaries.mjs); see
// docs/architecture.md, "Modules and what they may import". Plain JavaScript because ESLint loads
// it under Node 20, which cannot import TypeScript. After a change, `npm run docs:module-map`
// rewrites docs/architecture.md's map of modules (a test compares it).
//
// The graph must stay acyclic: when two modules need each other, the one that owns the data keeps
// the import and the other is handed what it needs by app.ts (see the ports in
// categories.service.ts, companies.service.ts, products.service.ts and users.service.ts).

/** @type {Readonly<Record<string, readonly string[]>>} */
export const moduleDependencies = {
  // Beneath every module: they keep no records of their own that others change.
  audit: [],
  idempotency: [],
  uploads: [],
  mail: ['uploads'],
  // Connections to addresses an admin typed (issue 50, item 5): the address policy and the guarded fetch.
  outbound: [],

  alerts: ['audit'],
  suppliers: ['audit'],
  companies: ['audit'],
  users: ['audit', 'companies', 'mail'],
  organizations: ['audit', 'companies', 'mail', 'users'],
  auth: ['audit', 'companies', 'mail', 'organizations', 'users'],

  categories: ['audit'],
  // Storage places within a location (issue 34); moving units between them is the ledger's.
  places: ['audit'],
  products: ['alerts', 'audit', 'categories', 'suppliers'],
  treatments: ['audit', 'products'],
  transcription: ['uploads'],
  payments: ['audit', 'mail'],
  reports: ['companies'],
  recall: ['audit'],
  // The admin's view of the job engine (src/jobs) and its Retry.
  jobs: ['audit'],
  assistant: ['auth', 'categories', 'products', 'suppliers'],

  // Stock arrives, leaves and comes back only through the ledger (docs/architecture.md, The ledger).
  ledger: ['alerts', 'audit', 'idempotency'],
  stock: ['idempotency', 'ledger', 'places', 'products', 'suppliers'],
  // Cycle counts (issue 34): the differences go on the books through the ledger; a line sent again under its key is written once (issue 52).
  counts: ['audit', 'idempotency', 'ledger', 'places', 'products'],
  // Reordering from use and lead time (issue 35): reads the ledger's rollups and purchasing's orders.
  // Suggested orders go out through the marketplace and the purchase-order issuer; automatic sending
  // acts as an admin (users); the digest e-mail goes out through the outbox (mail).
  // The practice-management link (issue 36): procedures from the PMS recorded as visits through treatment-logs' door; the CSV read as imports read it.
  // The Open Dental sync records and revises visits as the admin who connected it (users).
  pms: ['audit', 'idempotency', 'imports', 'ledger', 'outbound', 'treatment-logs', 'treatments', 'uploads', 'users'],
  reorder: ['alerts', 'audit', 'categories', 'mail', 'marketplace', 'pms', 'products', 'purchasing', 'suppliers', 'users'],
  // Units sent between the locations of an organization (issue 34, item 3), through the ledger.
  transfers: ['audit', 'companies', 'idempotency', 'ledger', 'products'],
  purchasing: ['alerts', 'audit', 'idempotency', 'ledger', 'mail', 'places', 'products', 'suppliers'],
  'treatment-logs': ['audit', 'companies', 'idempotency', 'ledger', 'products', 'transcription', 'treatments'],
  imports: ['audit', 'categories', 'companies', 'ledger', 'products', 'suppliers', 'treatments', 'uploads'],
  // Vendors' prices and orders; an order is a purchase order, issued and received by purchasing.
  marketplace: ['audit', 'idempotency', 'outbound', 'products', 'purchasing', 'suppliers'],

  // Not modules, checked like one: the demo seed builds its data through the modules' doors;
  // core and db sit beneath every module and import none.
  seed: ['alerts', 'auth', 'categories', 'companies', 'counts', 'ledger', 'marketplace', 'organizations', 'payments', 'places', 'pms', 'products', 'purchasing', 'recall', 'stock', 'suppliers', 'transfers', 'treatment-logs', 'treatments', 'uploads', 'users'],
  core: [],
  db: [],
};

/**
 * Files other modules may import besides `*.service.ts`, `*.reads.ts`, `*.writes.ts` and
 * `*.mapper.ts` (names without `.ts`). Only files without database access, or a door that
 * keeps the module's own rules.
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const publicFiles = {
  // Claiming a key and storing its answer; the request fingerprint a key is stored with.
  idempotency: ['idempotency', 'request-fingerprint'],
  // The one door for stock: every operation that moves units.
  ledger: ['ledger'],
  // Recording a visit through the ledger, inside the caller's transaction (the demo's visits, the
  // practice-management link); revising one the same way (what the PMS changed after it was recorded).
  'treatment-logs': ['record-visit', 'revise-visit'],
  // Pure: reading a CSV table (the practice-management link's procedures file).
  imports: ['import-file'],
  // Pure: password hashing (the demo accounts are created with known passwords).
  auth: ['passwords'],
  // Pure: an Actor for work no request does (the seed, automatic sending of suggested orders).
  users: ['acting-as'],
  // Pure: the e-mails' wording.
  mail: ['templates'],
  // The file-storage interface and its address helpers; no database.
  uploads: ['storage'],
  // The location's suppliers as marketplace vendors (the demo's past marketplace orders go through them).
  // The offer type suggested orders route by (types only).
  marketplace: ['vendors/supplier-vendor', 'vendors/vendor'],
  // Pure: the purchase order's PDF. The door every purchase order is issued through (running lists, marketplace carts).
  purchasing: ['purchase-order-pdf', 'issue-order'],
  // No database: the PMS-neutral interface and its error, and the Open Dental connector (issue 36).
  pms: ['connection/pms-connector', 'open-dental/open-dental-connector'],
  // Pure: which addresses may be connected to; the fetch that checks them at the connect.
  outbound: ['address-policy', 'outbound-fetch'],
};
