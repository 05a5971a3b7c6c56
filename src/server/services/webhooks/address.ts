import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** An address a webhook's host resolved to, checked and the one to connect to. */
export type Target = { address: string; family: 4 | 6 };

/**
 * Addresses no webhook is sent to unless WEBHOOK_ALLOW_PRIVATE=true: this machine, its network
 * and the ones no public host has (docs/webhooks.md, "Addresses"). An IPv4-mapped IPv6 address
 * (`::ffff:127.0.0.1`) is checked as the IPv4 address it is.
 */
const refused = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  refused.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(net, bits, 'ipv6');
}

/** Whether an IP address is one webhooks are not sent to by default. */
function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return refused.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why a webhook's address may not be used: its host is unknown, or private. */
export class AddressError extends Error {
  override name = 'AddressError';
  readonly code: 'WEBHOOK_HOST_UNKNOWN' | 'WEBHOOK_ADDRESS_REFUSED';
  constructor(code: AddressError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

/** The host of a URL as DNS knows it (an IPv6 literal without its brackets). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves the URL's host to every address it has and answers the first, after checking them
 * all: when any is private (and `allowPrivate` is false) the URL is refused, so a host cannot
 * hide an internal address behind a public one. The sender connects to the address answered,
 * never resolving again (a second answer could differ).
 */
export async function resolveTarget(url: URL, allowPrivate: boolean): Promise<Target> {
  const host = hostOf(url);
  const literal = isIP(host);
  let found: { address: string; family: number }[];
  if (literal !== 0) found = [{ address: host, family: literal }];
  else {
    try {
      found = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new AddressError('WEBHOOK_HOST_UNKNOWN', `The host ${host} could not be resolved`);
    }
  }
  const first = found[0];
  if (!first) throw new AddressError('WEBHOOK_HOST_UNKNOWN', `The host ${host} has no address`);
  const inside = found.find((a) => isPrivateAddress(a.address));
  if (inside && !allowPrivate) {
    throw new AddressError(
      'WEBHOOK_ADDRESS_REFUSED',
      `${host} is a loopback, link-local or private address (${inside.address}); webhooks are sent only to public addresses`,
    );
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
