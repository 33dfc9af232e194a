import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { statementName } from '../../db/named-statement';
import { catalogVersions } from '../../db/schema/index';

const CATALOG_VERSION = statementName('catalog_version');

/** The catalog's version (migration 0018), read by a named statement (db/named-statement.ts): lists read it on every request. */
export function preparedCatalogVersion(db: Db): () => Promise<number> {
  const query = db.select({ version: catalogVersions.version }).from(catalogVersions).where(eq(catalogVersions.id, 1)).prepare(CATALOG_VERSION);
  return async () => {
    const [row] = await query.execute();
    return row?.version ?? 0;
  };
}
