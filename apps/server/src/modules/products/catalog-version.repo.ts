import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogVersions } from '../../db/schema/index';

/** The catalog's version (migration 0018), read with a statement prepared once: lists read it on every request. */
export function preparedCatalogVersion(db: Db): () => Promise<number> {
  const query = db.select({ version: catalogVersions.version }).from(catalogVersions).where(eq(catalogVersions.id, 1)).prepare('catalog_version');
  return async () => {
    const [row] = await query.execute();
    return row?.version ?? 0;
  };
}
