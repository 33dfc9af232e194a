import { createServer, type Server, type ServerResponse } from 'node:http';
import { lookupFrom } from '../../../test/fixtures/lookup';
import { parseNetworks } from './address-policy';
import { createOutboundClient, outboundFailureOf, outboundProblem, OutboundRedirectError, OutboundRefusedError, type OutboundOptions } from './outbound-fetch';

// Issue 50, item 5: the connect hook, on this machine's loopback addresses only. The operator
// setting allows the stand-in on 127.0.0.1; other loopback addresses (127.0.0.2, ::1) stand for
// the places an admin must not reach. Names are answered by a lookup given here (literal
// addresses, no DNS). Every "refused" also checks that the server behind the address saw no
// connection at all: the refusal comes before the connect.

interface Listener {
  url: string;
  port: number;
  connections: number;
  requests: string[];
  close(): Promise<void>;
}

async function listen(host: string, answer: (path: string, res: ServerResponse) => void): Promise<Listener> {
  const server: Server = createServer((req, res) => {
    listener.requests.push(req.url ?? '');
    answer(req.url ?? '', res);
  });
  server.on('connection', () => (listener.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as { port: number };
  const listener: Listener = {
    url: `http://${host}:${String(port)}`,
    port,
    connections: 0,
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return listener;
}

const open: { close(): Promise<void> }[] = [];
function client(options: OutboundOptions) {
  const made = createOutboundClient(options);
  open.push(made);
  return made;
}
async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return outboundFailureOf(error);
}

let standIn: Listener;
let internal: Listener;
beforeEach(async () => {
  standIn = await listen('127.0.0.1', (path, res) => {
    if (path.startsWith('/redirect')) {
      res.writeHead(302, { location: `${internal.url}/secret`, 'content-type': 'text/plain' }).end('moved: internal answer text');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain', connection: 'close' }).end('stand-in answer');
  });
  // Another loopback address: a service the admin must not reach.
  internal = await listen('127.0.0.2', (_path, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('internal secret'));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await standIn.close();
  await internal.close();
});

const onlyStandIn = () => ({ allowedNetworks: parseNetworks('127.0.0.1') });

describe('the outbound connect hook', () => {
  it('connects to an address the operator allowed', async () => {
    const response = await client(onlyStandIn()).fetch(`${standIn.url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('stand-in answer');
  });

  it('refuses to connect to 127.0.0.2 when only 127.0.0.1 is allowed: nothing reaches it', async () => {
    const failure = await failureOf(client(onlyStandIn()).fetch(`${internal.url}/secret`));
    expect(failure).toMatchObject({ kind: 'refused', error: { address: '127.0.0.2', addressClass: 'loopback' } });
    // https too: refused at the connect, before any handshake.
    expect(await failureOf(client(onlyStandIn()).fetch(`https://127.0.0.2:${String(internal.port)}/`))).toMatchObject({ kind: 'refused' });
    expect(internal.connections).toBe(0);
  });

  it('refuses loopback written as decimal, octal, hex or IPv4-mapped IPv6 when nothing is allowed', async () => {
    const strict = client({});
    for (const host of ['127.0.0.1', '2130706433', '0177.0.0.1', '0x7f.1', '127.1', '[::ffff:7f00:1]', '[::ffff:127.0.0.1]']) {
      expect(await failureOf(strict.fetch(`http://${host}:${String(standIn.port)}/`)), host).toMatchObject({ kind: 'refused', error: { address: '127.0.0.1' } });
    }
    expect(await failureOf(strict.fetch(`http://[::1]:${String(standIn.port)}/`))).toMatchObject({ kind: 'refused', error: { address: '::1', addressClass: 'loopback' } });
    expect(standIn.connections).toBe(0);
  });

  it('refuses a name that resolves to loopback, judging the addresses the socket would connect to', async () => {
    const lookup = lookupFrom({ 'od.practice.test': () => ['127.0.0.2'], 'mixed.practice.test': () => ['127.0.0.1', '127.0.0.2'], 'six.practice.test': () => ['::1'] });
    const guarded = client({ ...onlyStandIn(), lookup });
    expect(await failureOf(guarded.fetch(`http://od.practice.test:${String(internal.port)}/secret`))).toMatchObject({ kind: 'refused', error: { host: 'od.practice.test', address: '127.0.0.2' } });
    // One answer refused refuses the name: a connection may fall back to any of them.
    expect(await failureOf(guarded.fetch(`http://mixed.practice.test:${String(standIn.port)}/`))).toMatchObject({ kind: 'refused', error: { address: '127.0.0.2' } });
    expect(await failureOf(guarded.fetch(`https://six.practice.test:${String(standIn.port)}/`))).toMatchObject({ kind: 'refused', error: { address: '::1' } });
    expect(lookup.calls).toEqual(['od.practice.test', 'mixed.practice.test', 'six.practice.test']);
    expect(standIn.connections + internal.connections).toBe(0);
  });

  it('judges the answer the connect uses: a name that changes its answer after a first check is refused', async () => {
    const answers = ['127.0.0.1', '127.0.0.2'];
    const lookup = lookupFrom({ 'rebind.practice.test': () => [answers.shift() ?? '127.0.0.2'] });
    const guarded = client({ ...onlyStandIn(), lookup });
    // The first connect resolves to the allowed stand-in (which closes each connection after answering)…
    const first = await guarded.fetch(`http://rebind.practice.test:${String(standIn.port)}/`);
    expect(await first.text()).toBe('stand-in answer');
    // …the next one resolves again, to another address, and that is the one judged.
    expect(await failureOf(guarded.fetch(`http://rebind.practice.test:${String(standIn.port)}/`))).toMatchObject({ kind: 'refused', error: { address: '127.0.0.2' } });
    expect(lookup.calls).toEqual(['rebind.practice.test', 'rebind.practice.test']);
    expect(standIn.connections).toBe(1);
    expect(internal.connections).toBe(0);
  });

  it('does not follow a redirect from the allowed stand-in, and reads none of its body', async () => {
    const guarded = client(onlyStandIn());
    const error = await guarded.fetch(`${standIn.url}/redirect`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundRedirectError);
    expect(outboundFailureOf(error)).toEqual({ kind: 'redirect', status: 302 });
    const message = outboundProblem(outboundFailureOf(error));
    expect(message).not.toContain('internal');
    expect(message).not.toContain('127.0.0.2');
    // Not even when the place it points to is allowed too: every hop would need its own check, so there is no hop.
    const both = client({ allowedNetworks: parseNetworks('127.0.0.1, 127.0.0.2') });
    expect(await failureOf(both.fetch(`${standIn.url}/redirect`))).toEqual({ kind: 'redirect', status: 302 });
    expect(internal.connections).toBe(0);
  });

  it('says the same of a closed port and of one that never answers', async () => {
    const closedPort = standIn.port;
    await standIn.close();
    const silent = createServer(() => undefined); // accepts, never answers: as a filtered port looks from here
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as { port: number }).port;
    try {
      const guarded = client(onlyStandIn());
      const closed = await failureOf(guarded.fetch(`http://127.0.0.1:${String(closedPort)}/`));
      const timedOut = await failureOf(guarded.fetch(`http://127.0.0.1:${String(silentPort)}/`, { signal: AbortSignal.timeout(200) }));
      expect(closed).toEqual({ kind: 'no-connection' });
      expect(timedOut).toEqual(closed);
      expect(outboundProblem(timedOut)).toBe(outboundProblem(closed));
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
      standIn = await listen('127.0.0.1', (_path, res) => res.end());
    }
  });

  it('names the refusal for the log without the words an admin sees carrying the address', () => {
    const refusal = new OutboundRefusedError('od.practice.test', '127.0.0.2', 'loopback');
    expect(refusal.message).toContain('127.0.0.2');
    expect(outboundProblem({ kind: 'refused', error: refusal })).not.toContain('127.0.0.2');
  });
});
