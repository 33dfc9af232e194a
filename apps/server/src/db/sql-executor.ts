import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { DbOrTx } from './client';

/** What the job engine (pg-boss) sends its SQL through: text with $1.. placeholders and values. */
export type SqlExecutor = PgBoss.Db;

/**
 * The engine's statements through a drizzle database or open transaction, so a job can be queued
 * in the same transaction as the record it works on (an e-mail, an import, a case-notes request):
 * both commit, or neither. The $n placeholders become drizzle parameters.
 */
export function drizzleExecutor(db: DbOrTx): SqlExecutor {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, index) => {
        // sql.param keeps an array one parameter (a plain interpolation would spread it into a list).
        chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`);
      });
      const result = (await db.execute(sql.join(chunks, sql.raw('')))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
