import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../test/setup/sql';
import { createDatabase } from './client';

describe('the embedded database', () => {
  it('keeps the shared buffers it is given, in memory and on a data directory opened again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-buffers-'));
    try {
      for (const sharedBuffers of ['16MB', '48MB']) {
        const database = await createDatabase({ dataDir: dir, sharedBuffers });
        try {
          const rows = await queryRows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
          expect(rows[0]?.shared_buffers).toBe(sharedBuffers);
        } finally {
          await database.close();
        }
      }
      const inMemory = await createDatabase({ sharedBuffers: '24MB' });
      const rows = await queryRows<{ shared_buffers: string }>(inMemory.db, sql`show shared_buffers`);
      expect(rows[0]?.shared_buffers).toBe('24MB');
      await inMemory.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Three embedded databases created in turn: over 30 s on a slow day of this 2-core machine.
  }, 120_000);
});
