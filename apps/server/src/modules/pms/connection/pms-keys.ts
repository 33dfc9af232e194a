import { createHash } from 'node:crypto';
import type { SecretBox } from '../../../core/secret-box';
import type { DbOrTx } from '../../../db/client';
import type { KeyPace } from '../open-dental/open-dental-client';
import { holdOff, takeTurn } from '../open-dental/open-dental-pace.repo';
import type { PmsConnector } from './pms-connector';

/** What reaching a practice's Open Dental takes: its address and the two keys, opened. */
export interface OpenDentalAccess {
  baseUrl: string;
  developerKey: string;
  customerKey: string;
}

/** Builds the connector for one practice (app.ts: Open Dental's, with the pace and retries configured). */
export type ConnectorFactory = (access: OpenDentalAccess) => PmsConnector;

export type KeyName = 'developer_key' | 'customer_key';

/** What a key is sealed with besides itself: a sealed key copied onto another location's row does not open there. */
export const keyContext = (companyId: string, name: KeyName) => `pms_connection:${companyId}:${name}`;

/** The connection's keys opened; null when either was never saved. Throws SecretBoxError when they cannot be opened. */
export function openKeys(box: SecretBox, row: { companyId: string; developerKeyEncrypted: string | null; customerKeyEncrypted: string | null }): { developerKey: string; customerKey: string } | null {
  if (!row.developerKeyEncrypted || !row.customerKeyEncrypted) return null;
  return {
    developerKey: box.open(row.developerKeyEncrypted, keyContext(row.companyId, 'developer_key')),
    customerKey: box.open(row.customerKeyEncrypted, keyContext(row.companyId, 'customer_key')),
  };
}

/**
 * One connector per practice (address and keys) for the life of the process: Open Dental throttles
 * per customer key, and the connector keeps its pace per object, so the sync of two locations of
 * one practice, and a connection test meanwhile, share one pace.
 */
const MAX_CONNECTORS = 200;

/** Names a practice (address and keys) without holding its keys. */
const practiceId = (access: OpenDentalAccess) => createHash('sha256').update(JSON.stringify([access.baseUrl, access.developerKey, access.customerKey])).digest('hex');

export function sharedConnectors(build: ConnectorFactory): ConnectorFactory {
  const connectors = new Map<string, PmsConnector>();
  return (access) => {
    const id = practiceId(access);
    let connector = connectors.get(id);
    if (!connector) {
      connector = build(access);
      connectors.set(id, connector);
      // Keys tried and dropped (a test with wrong keys) do not pile up: the oldest goes.
      if (connectors.size > MAX_CONNECTORS) connectors.delete(connectors.keys().next().value!);
    }
    return connector;
  };
}

/**
 * The practice's pace in the database (issue 53): the sync of its locations in every server
 * process, and a connection test meanwhile, take turns one interval apart (open-dental-pace.repo.ts).
 */
export function databasePace(db: DbOrTx, access: OpenDentalAccess): KeyPace {
  const keyHash = practiceId(access);
  return { take: (intervalMs) => takeTurn(db, keyHash, intervalMs), holdOff: (ms) => holdOff(db, keyHash, ms) };
}
