import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/setup/test-app';
import { queryRows } from '../../../../test/setup/sql';
import { parseNetworks } from '../../outbound/address-policy';
import { createOutboundClient, OUTBOUND_MESSAGES } from '../../outbound/outbound-fetch';
import { createDistributorVendors } from './distributor-vendor';

// Issue 50, item 5: a distributor's endpoint goes through the outbound guard like any typed
// address. The operator allows the stand-ins on 127.0.0.1; 127.0.0.2 stands for a place the
// server must not reach, and counts every connection made to it.
let t: TestApp;
let internal: Server;
let internalPort: number;
let internalConnections = 0;
let redirector: Server;
let redirectorPort: number;
const outbound = createOutboundClient({ allowedNetworks: parseNetworks('127.0.0.1') });

async function listen(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as { port: number }).port;
}
async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

beforeAll(async () => {
  t = await createTestApp();
  internal = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"internal answer text","status":"confirmed"}'));
  internal.on('connection', () => (internalConnections += 1));
  internalPort = await listen(internal, '127.0.0.2');
  redirector = createServer((req, res) => res.writeHead(307, { location: `http://127.0.0.2:${String(internalPort)}${req.url ?? '/'}`, 'content-type': 'application/json' }).end('{"error":{"code":"moved","message":"redirect answer text"}}'));
  redirectorPort = await listen(redirector, '127.0.0.1');
});
afterAll(async () => {
  await outbound.close();
  await stop(internal);
  await stop(redirector);
  await t.close();
});

/** A distributor at this address, its supplier created, and an order for it. */
async function distributorAt(url: string) {
  const code = `guard-${randomUUID().slice(0, 8)}`;
  const name = `Guarded Dental ${code}`;
  const vendors = createDistributorVendors(t.db, [{ code, name, url, key: 'distributor-key' }], outbound.fetch);
  await vendors.start();
  const [row] = await queryRows<{ id: string }>(t.db, sql`select id from suppliers where vendor_code = ${code}`);
  const order = { vendorId: row!.id, purchaseOrderId: randomUUID(), number: 'PO-1', idempotencyKey: randomUUID(), lines: [{ sku: 'S-1', quantity: 1, price: 10 }] };
  return { vendors, name, order, context: { companyId: randomUUID() } };
}

describe('a distributor endpoint through the outbound guard', () => {
  it('is not connected to on a loopback address the operator did not allow', async () => {
    const { vendors, name, order, context } = await distributorAt(`http://127.0.0.2:${String(internalPort)}/v1`);
    expect(await vendors.place(context, order)).toEqual({ status: 'retry', error: `${name} could not be reached (${OUTBOUND_MESSAGES.refused}); the order will be sent again` });
    await expect(vendors.price(context, order.vendorId, ['S-1'])).rejects.toThrow(OUTBOUND_MESSAGES.refused);
    expect(internalConnections).toBe(0);
  });

  it('does not follow its redirect, and says nothing of either body', async () => {
    const { vendors, name, order, context } = await distributorAt(`http://127.0.0.1:${String(redirectorPort)}/v1`);
    const placed = await vendors.place(context, order);
    expect(placed).toEqual({ status: 'retry', error: `${name} could not be reached (${OUTBOUND_MESSAGES.redirect(307)}); the order will be sent again` });
    expect(JSON.stringify(placed)).not.toContain('answer text');
    expect(internalConnections).toBe(0);
  });
});
