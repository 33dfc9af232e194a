import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '@clinic/domain';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { createProduct, createStock } from '../../../test/factories/index';
import { createWorld } from '../../../test/world';

// The suites open their embedded databases from an already migrated template; `npm start` on a
// new data directory opens the database first and migrates it after. PGlite learns the array types
// when it opens, so a statement sending an array of one of our enums worked in every suite and
// failed on a new installation. This runs a consumption the way a new installation does.
it('consumes stock on an embedded database that was migrated after it opened', async () => {
  const database = await createDatabase({});
  await runMigrations(database);
  const uploadsDir = mkdtempSync(join(tmpdir(), 'clinic-uploads-'));
  const { app, tokens } = await buildApp({ db: database.db, jobSql: database.jobSql, jwtSecret: 'a'.repeat(32), uploadsDir, logLevel: 'silent' });
  try {
    const world = await createWorld(database.db);
    const member = world.own.users.company_member;
    const token = tokens.sign({ sub: member.id, role: member.role as Role, organization_id: member.organizationId, company_id: member.companyId });
    const product = await createProduct(database.db, { companyId: null, name: 'Nitrile Gloves M' });
    await createStock(database.db, { companyId: member.companyId!, productId: product.id, unitsPerContainer: 10 });

    const consumed = await app.inject({
      method: 'POST',
      url: '/api/stock/consume',
      headers: { authorization: `Bearer ${token}` },
      payload: { product_id: product.id, quantity: 2, idempotency_key: 'new-database-1' },
    });
    expect(consumed.statusCode).toBe(200);
    expect(consumed.json()).toMatchObject({ product_id: product.id, quantity: 2, cost: 2 });
  } finally {
    await app.close();
    await database.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  }
}, 60_000);
