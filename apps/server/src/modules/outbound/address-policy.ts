import ipaddr from 'ipaddr.js';

/**
 * Which addresses the server may connect to when an admin names the place (issue 50, item 5):
 * public unicast only, unless the operator allows a network (OUTBOUND_ALLOWED_NETWORKS). Pure
 * functions over literal addresses; the connect hook (outbound-fetch.ts) applies them to the
 * address each socket really connects to.
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** A network the operator allows: an address and its prefix length. */
export type Network = readonly [Address, number];

/** 'public', or the special range the address is in (loopback, private, linkLocal, uniqueLocal, multicast…). */
export type AddressClass = string;

export interface AddressVerdict {
  /** The address as the socket would connect to it, IPv4-mapped IPv6 written as IPv4. */
  address: string;
  class: AddressClass;
  allowed: boolean;
}

/**
 * Any literal an IP stack accepts: dotted, decimal (2130706433), octal (0177.0.0.1), hex (0x7f.1),
 * IPv6 with or without brackets or a zone; null when it is not an address (a name).
 */
export function parseAddress(literal: string): Address | null {
  const text = literal.trim().replace(/^\[(.*)\]$/, '$1');
  if (!text) return null;
  try {
    const parsed = ipaddr.parse(text);
    // ::ffff:127.0.0.1 reaches 127.0.0.1: judged as the IPv4 address it is.
    return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  } catch {
    return null;
  }
}

/** The IPv4 address inside a NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address: where a gateway sends it. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  if (address.match(ipaddr.IPv6.parse('64:ff9b::'), 96)) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (address.match(ipaddr.IPv6.parse('2002::'), 16)) return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

const GLOBAL_UNICAST_V6: Network = [ipaddr.IPv6.parse('2000::'), 3];

function classOf(address: Address): AddressClass {
  if (address.kind() === 'ipv4') {
    const range = address.range();
    return range === 'unicast' ? 'public' : range;
  }
  const v6 = address as ipaddr.IPv6;
  const inner = embeddedIPv4(v6);
  if (inner) return classOf(inner);
  const range = v6.range();
  if (range !== 'unicast') return range;
  // Public IPv6 is all in 2000::/3; anything else unnamed (IPv4-compatible ::a.b.c.d…) is not a place to go.
  return v6.match(GLOBAL_UNICAST_V6[0], GLOBAL_UNICAST_V6[1]) ? 'public' : 'reserved';
}

/** 'public', a range's name, or null when the text is not an address. */
export function classifyAddress(literal: string): AddressClass | null {
  const address = parseAddress(literal);
  return address ? classOf(address) : null;
}

function inNetwork(address: Address, [base, prefix]: Network): boolean {
  return address.kind() === base.kind() && address.match(base, prefix);
}

/**
 * Whether a socket may connect to this address: public ones always, others only inside a network
 * the operator allowed. Not an address at all: refused (only literals reach a socket).
 */
export function judgeAddress(literal: string, allowed: readonly Network[] = []): AddressVerdict {
  const address = parseAddress(literal);
  if (!address) return { address: literal, class: 'not-an-address', allowed: false };
  const addressClass = classOf(address);
  return { address: address.toString(), class: addressClass, allowed: addressClass === 'public' || allowed.some((network) => inNetwork(address, network)) };
}

/**
 * OUTBOUND_ALLOWED_NETWORKS: addresses and CIDRs separated by commas or spaces ("127.0.0.1,
 * 10.20.0.0/16, fd00::/8"). Throws naming each entry that is neither.
 */
export function parseNetworks(text: string | undefined): Network[] {
  const entries = (text ?? '').split(/[\s,]+/).filter(Boolean);
  const problems: string[] = [];
  const networks: Network[] = [];
  for (const entry of entries) {
    const network = parseNetwork(entry);
    if (network) networks.push(network);
    else problems.push(entry);
  }
  if (problems.length) throw new Error(`not an address or CIDR network: ${problems.map((p) => JSON.stringify(p)).join(', ')} (use e.g. 10.20.0.0/16 or 192.168.1.5)`);
  return networks;
}

function parseNetwork(entry: string): Network | null {
  // Strict forms only here: an operator writes 10.0.0.0/8, not 012.0.0.0/010.
  if (entry.includes('/')) {
    try {
      const [base, prefix] = ipaddr.parseCIDR(entry);
      const address = parseAddress(base.toString());
      // ::ffff:10.0.0.0/104 is 10.0.0.0/8, matched as IPv4 like the addresses it covers.
      if (!address) return null;
      if (address.kind() === base.kind()) return [base, prefix];
      return prefix >= 96 ? [address, prefix - 96] : null;
    } catch {
      return null;
    }
  }
  if (!ipaddr.IPv6.isValid(entry) && !ipaddr.IPv4.isValidFourPartDecimal(entry)) return null;
  const address = parseAddress(entry);
  return address ? [address, address.kind() === 'ipv4' ? 32 : 128] : null;
}
