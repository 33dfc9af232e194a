import type { Db } from './db/client';
import type { TokenService } from './modules/auth/tokens';

/** What every service is built with: the database, the clock and the outside-world adapters. */
export interface ServiceDeps {
  db: Db;
  tokens: TokenService;
  now: () => Date;
  publicUrl: string;
}
