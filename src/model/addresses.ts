// IP addresses and CIDR blocks as the access list and the Prometheus integration take them
// (API-SPEC "User access list entry", endpoint 7; "Third-party integration", PROMETHEUS).
import ipaddr from 'ipaddr.js';

export interface ParsedAddress {
  family: 'ipv4' | 'ipv6';
  /** The address as written, normalized (IPv6 in RFC 5952 form, an IPv4-mapped one as IPv4). */
  address: string;
  /** The prefix length as written (less 96 for an IPv4-mapped address), or undefined for a bare address. */
  prefix: number | undefined;
  /** 32 for IPv4, 128 for IPv6. */
  maxPrefix: 32 | 128;
  /** The network address (the address with its host bits cleared). */
  network: string;
  /** True when the address has bits set beyond the prefix (10.0.0.5/24). */
  hostBitsSet: boolean;
}

const DECIMAL = /^(0|[1-9]\d*)$/;

/**
 * Reads an IPv4/IPv6 address or CIDR block; undefined when it is neither. Strict: IPv4 in four
 * decimal parts (ipaddr.js would also take 0x0a.1 or 167772161), no IPv6 zone id, no spaces.
 */
export function parseAddressOrCidr(text: unknown): ParsedAddress | undefined {
  if (typeof text !== 'string' || text.trim() !== text || text === '') return undefined;
  const slash = text.indexOf('/');
  const addressText = slash === -1 ? text : text.slice(0, slash);
  const prefixText = slash === -1 ? undefined : text.slice(slash + 1);
  let addr = parseAddress(addressText);
  if (!addr) return undefined;
  let maxPrefix: 32 | 128 = addr.kind() === 'ipv4' ? 32 : 128;
  let prefix: number | undefined;
  if (prefixText !== undefined) {
    if (!DECIMAL.test(prefixText)) return undefined;
    prefix = Number(prefixText);
    if (prefix > maxPrefix) return undefined;
  }
  // An IPv4-mapped IPv6 address (::ffff:192.0.2.1) is its IPv4 address, as a server sees the caller;
  // a block shorter than /96 also holds IPv6 addresses and stays IPv6.
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() && (prefix === undefined || prefix >= 96)) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
    maxPrefix = 32;
    if (prefix !== undefined) prefix -= 96;
  }
  const network = networkOf(addr, prefix ?? maxPrefix);
  return {
    family: addr.kind(),
    address: addr.toString(),
    prefix,
    maxPrefix,
    network,
    hostBitsSet: network !== addr.toString(),
  };
}

/** A strict single address (no prefix); undefined when the text is not one. */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (text.includes(':')) {
    if (text.includes('%') || !ipaddr.IPv6.isValid(text)) return undefined;
    return ipaddr.IPv6.parse(text);
  }
  if (!ipaddr.IPv4.isValidFourPartDecimal(text)) return undefined;
  return ipaddr.IPv4.parse(text);
}

/** The identity of an entry: the network and prefix it denotes (an address is its /32 or /128). */
export function addressKey(parsed: ParsedAddress): string {
  return `${parsed.network}/${parsed.prefix ?? parsed.maxPrefix}`;
}

function networkOf(addr: ipaddr.IPv4 | ipaddr.IPv6, prefix: number): string {
  const bytes = addr.toByteArray();
  const masked = bytes.map((byte, i) => {
    const bitsKept = Math.max(0, Math.min(8, prefix - i * 8));
    return byte & (0xff << (8 - bitsKept)) & 0xff;
  });
  return ipaddr.fromByteArray(masked).toString();
}

/** Reads `IP:port` (IPv6 in brackets, `[::1]:9216`), port 1–65535; undefined when it is not one. */
export function parseListenAddress(text: unknown): { host: string; port: number } | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(text);
  if (!m) return undefined;
  const port = Number(m[3]);
  if (!DECIMAL.test(m[3]) || port < 1 || port > 65535) return undefined;
  if (m[1] !== undefined) {
    if (!m[1].includes(':') || !parseAddress(m[1])) return undefined;
    return { host: m[1], port };
  }
  if (!parseAddress(m[2])) return undefined;
  return { host: m[2], port };
}
