// Where a webhook may be sent (issue 30 item 5). A delivery is a POST the server makes on an
// account's behalf, so an endpoint must not turn the server into a way into its own network
// (SSRF): in production only https to public addresses. The address is checked where the
// connection is made (the resolver's answer, given to the socket as is), so a name that resolves
// to a public address at registration and to 10.0.0.5 later (DNS rebinding) is still refused.
// Outside production, http to this machine is allowed too: tests and local receivers.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** Hosts that name this machine: allowed over http outside production. */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Addresses that are not on the public internet: this host, private networks, link-local (cloud
 * metadata services live at 169.254.169.254), carrier-grade NAT, multicast and reserved ranges
 * (RFC 6890), in IPv4 and IPv6.
 */
const NOT_PUBLIC = (() => {
  const list = new BlockList();
  for (const [net, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const)
    list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['64:ff9b:1::', 48],
    ['100::', 64],
    ['2001:db8::', 32],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ] as const)
    list.addSubnet(net, prefix, 'ipv6');
  return list;
})();

/** True when `address` (an IP literal) is not a public internet address; IPv4 mapped into IPv6 is read as IPv4. */
export function isNonPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return NOT_PUBLIC.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 4) return NOT_PUBLIC.check(address, 'ipv4');
  if (family === 6) return NOT_PUBLIC.check(address, 'ipv6');
  return true; // not an address at all: never trusted
}

/** Why a URL may not be an endpoint (a locale key of `machines:errors`), or null when it may. */
export function destinationError(url: string, production: boolean): 'webhookUrl' | 'webhookUrlLocal' | 'webhookUrlPrivate' | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return production ? 'webhookUrl' : 'webhookUrlLocal';
  }
  const local = !production && parsed.protocol === 'http:' && LOCAL_HOSTS.has(parsed.hostname);
  if ((parsed.protocol !== 'https:' && !local) || parsed.username || parsed.password) return production ? 'webhookUrl' : 'webhookUrlLocal';
  if (!production) return null;
  // An address written in the URL is checked now; a name, where each delivery connects.
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) ? isNonPublicAddress(host) : host === 'localhost' || host.endsWith('.localhost')) return 'webhookUrlPrivate';
  return null;
}

/** The error a refused connection fails with (its code is what the delivery log shows). */
export class NonPublicAddressError extends Error {
  readonly code = 'ENONPUBLIC';
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, not a public address`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves as usual and refuses a name with any non-public
 * address: the socket connects only to what was checked. (An address literal in the URL skips
 * lookup, so post() checks those itself.)
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, options.all ? [] : '', undefined);
    const refused = addresses.find((a) => isNonPublicAddress(a.address));
    if (refused) return callback(new NonPublicAddressError(hostname, refused.address) as NodeJS.ErrnoException, options.all ? [] : '', undefined);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}
