import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { namedStatement } from '../../db/named-statement';
import { revokedSessions } from '../../db/schema/index';

// Signed-out sessions, shared by every server process through the database.

const findRevoked = namedStatement<{ one: number }>('find_revoked_session', sql`select 1 as one from revoked_sessions where session_id = ${sql.placeholder('sessionId')}::uuid`);

/** Was this session signed out? One primary-key lookup on every authenticated request. */
export async function isSessionRevoked(db: DbOrTx, sessionId: string): Promise<boolean> {
  return (await findRevoked(db, { sessionId })).length > 0;
}

/** Signs a session out everywhere; rows of sessions that have expired since are swept on the way. */
export async function revokeSession(db: DbOrTx, session: { sessionId: string; userId: string; expiresAt: Date }, now: Date): Promise<void> {
  await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, now));
  await db.insert(revokedSessions).values(session).onConflictDoNothing();
}
