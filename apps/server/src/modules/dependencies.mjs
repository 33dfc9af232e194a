// Which modules each module uses, and which of its files other modules may import.
// Read by the ESLint rule clinic/module-boundaries (eslint/module-boundaries.mjs); see
// docs/architecture.md, "Modules and what they may import". Plain JavaScript because ESLint loads
// it under Node 20, which cannot import TypeScript.
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

  alerts: ['audit'],
  suppliers: ['audit'],
  companies: ['audit'],
  users: ['audit', 'companies', 'mail'],
  organizations: ['audit', 'companies', 'mail', 'users'],
  auth: ['audit', 'companies', 'mail', 'organizations', 'users'],

  categories: ['audit'],
  products: ['alerts', 'audit', 'categories', 'suppliers'],
  treatments: ['audit', 'products'],
  transcription: ['uploads'],
  payments: ['audit', 'mail'],
  reports: ['companies'],
  recall: [],
  assistant: ['auth', 'categories', 'products', 'suppliers'],

  // As they are today; these folders are being rewritten behind the ledger door and are not
  // checked yet (see the ignores in eslint.config.mjs).
  stock: ['alerts', 'audit', 'idempotency', 'products', 'suppliers'],
  purchasing: ['audit', 'idempotency', 'mail', 'products', 'stock', 'suppliers'],
  'treatment-logs': ['alerts', 'audit', 'idempotency', 'products', 'stock', 'transcription', 'treatments'],
  imports: ['alerts', 'audit', 'categories', 'companies', 'products', 'stock', 'suppliers', 'treatments', 'uploads'],

  // Not modules, checked like one: the demo seed builds its data through the modules' doors;
  // core and db sit beneath every module and import none.
  seed: ['alerts', 'categories', 'payments', 'products', 'purchasing', 'stock', 'suppliers', 'treatment-logs', 'treatments', 'uploads', 'users'],
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
  // Pure: the request fingerprint an idempotency key is stored with.
  idempotency: ['request-fingerprint'],
  // Pure: the e-mails' wording.
  mail: ['templates'],
  // The file-storage interface and its address helpers; no database.
  uploads: ['storage'],
  // Pure: the purchase order's PDF.
  purchasing: ['purchase-order-pdf'],
  // The ledger's receiving door: receipt rows, their audit and alerts in the caller's transaction.
  stock: ['receipts'],
};
