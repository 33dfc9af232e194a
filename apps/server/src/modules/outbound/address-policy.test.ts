import { classifyAddress, judgeAddress, parseNetworks } from './address-policy';

// Issue 50, item 5: the classifier as a pure function over literal addresses. Nothing here
// resolves a name or opens a socket.

describe('the outbound address classifier', () => {
  it.each([
    // Loopback, however it is written.
    ['127.0.0.1', 'loopback'],
    ['127.0.0.2', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['2130706433', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['127.1', 'loopback'],
    ['017700000001', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    // Unspecified ("this host").
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    // RFC 1918, also when mapped into IPv6 or written in other bases.
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['012.0.0.1', 'private'],
    ['167772161', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['192.168.255.255', 'private'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:c0a8:101', 'private'],
    // Link-local, the cloud metadata service among them.
    ['169.254.169.254', 'linkLocal'],
    ['0xa9fea9fe', 'linkLocal'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['febf:ffff::1', 'linkLocal'],
    // Unique-local IPv6 (fc00::/7).
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456:789a::1', 'uniqueLocal'],
    ['fec0::1', 'deprecatedSiteLocal'],
    // Multicast and broadcast.
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['ff0e::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    // Carrier-grade NAT (100.64.0.0/10).
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.255', 'carrierGradeNat'],
    // Documentation, benchmarking and reserved ranges.
    ['192.0.2.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['3fff::1', 'reserved'],
    ['100::1', 'discard'],
    ['2001::1', 'teredo'],
    // IPv4 inside IPv6 forms that a gateway or stack would turn into the IPv4 address.
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['::7f00:1', 'reserved'],
    ['::ffff:0:7f00:1', 'rfc6145'],
    // Public: allowed.
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['93.184.216.34', 'public'],
    ['100.63.255.255', 'public'],
    ['100.128.0.0', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.1', 'public'],
    ['192.169.0.1', 'public'],
    ['11.0.0.1', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
    ['64:ff9b::808:808', 'public'],
    ['2002:808:808::1', 'public'],
  ])('%s is %s', (literal, expected) => {
    expect(classifyAddress(literal)).toBe(expected);
    expect(judgeAddress(literal).allowed).toBe(expected === 'public');
  });

  it.each(['api.opendental.com', 'localhost', '', '1.2.3.4.5', '256.0.0.1', '127.0.0.1.nip.io', 'http://127.0.0.1/'])('%j is not an address: no class, and never allowed', (literal) => {
    expect(classifyAddress(literal)).toBeNull();
    expect(judgeAddress(literal, parseNetworks('0.0.0.0/0, ::/0'))).toMatchObject({ allowed: false, class: 'not-an-address' });
  });

  it('writes the address as the socket connects to it', () => {
    expect(judgeAddress('2130706433')).toEqual({ address: '127.0.0.1', class: 'loopback', allowed: false });
    expect(judgeAddress('::ffff:7f00:1')).toEqual({ address: '127.0.0.1', class: 'loopback', allowed: false });
  });
});

describe('the operator allowing networks (OUTBOUND_ALLOWED_NETWORKS)', () => {
  it('allows exactly the addresses and networks named, in any form they are written', () => {
    const allowed = parseNetworks('127.0.0.1, 10.20.0.0/16 fd00:1::/32');
    expect(judgeAddress('127.0.0.1', allowed)).toEqual({ address: '127.0.0.1', class: 'loopback', allowed: true });
    expect(judgeAddress('2130706433', allowed).allowed).toBe(true);
    expect(judgeAddress('::ffff:127.0.0.1', allowed).allowed).toBe(true);
    expect(judgeAddress('10.20.3.4', allowed).allowed).toBe(true);
    expect(judgeAddress('fd00:1:2::3', allowed).allowed).toBe(true);
    // Beside them: still refused.
    expect(judgeAddress('127.0.0.2', allowed).allowed).toBe(false);
    expect(judgeAddress('::1', allowed).allowed).toBe(false);
    expect(judgeAddress('10.21.0.1', allowed).allowed).toBe(false);
    expect(judgeAddress('169.254.169.254', allowed).allowed).toBe(false);
    expect(judgeAddress('fd00:2::1', allowed).allowed).toBe(false);
  });

  it('takes an IPv4-mapped network as the IPv4 network it covers', () => {
    const allowed = parseNetworks('::ffff:192.168.1.0/120');
    expect(judgeAddress('192.168.1.7', allowed).allowed).toBe(true);
    expect(judgeAddress('192.168.2.7', allowed).allowed).toBe(false);
  });

  it('is empty when unset, and names every entry it cannot read', () => {
    expect(parseNetworks(undefined)).toEqual([]);
    expect(parseNetworks('  ')).toEqual([]);
    expect(() => parseNetworks('10.0.0.0/8, localhost, 10.0.0.0/33, 0177.0.0.1')).toThrow('"localhost", "10.0.0.0/33", "0177.0.0.1"');
  });
});
