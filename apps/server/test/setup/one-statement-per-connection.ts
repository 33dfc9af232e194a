import { afterEach, expect } from 'vitest';

/**
 * A connection runs one statement at a time: sent while another runs, pg queues it and warns
 * (once per process), and pg 9 will refuse it. It happens when one transaction's queries are sent
 * together (Promise.all on `tx`). Only the PostgreSQL pass goes through pg; there, any test that
 * does it fails.
 */
const busyConnectionWarnings: string[] = [];
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) busyConnectionWarnings.push(warning.message);
});

afterEach(() => {
  expect(busyConnectionWarnings.splice(0), 'a statement was sent on a connection busy with another (Promise.all on a transaction?)').toEqual([]);
});
