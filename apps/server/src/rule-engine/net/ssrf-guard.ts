// Keeps rule nodes (REST API call, MQTT) from reaching the server's own network: every address a host
// name resolves to must be public, unless the operator allows private networks.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export const PRIVATE_ADDRESS_MESSAGE = 'Requests to private or loopback addresses are not allowed';

const v4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network, unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  v4.addSubnet(net, prefix, 'ipv4');

const v6 = new BlockList();
v6.addAddress('::', 'ipv6'); // unspecified
v6.addAddress('::1', 'ipv6');
v6.addSubnet('fc00::', 7, 'ipv6'); // unique local
v6.addSubnet('fe80::', 10, 'ipv6'); // link-local
v6.addSubnet('fec0::', 10, 'ipv6'); // old site-local
v6.addSubnet('ff00::', 8, 'ipv6'); // multicast

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), if any. */
function embeddedV4(ip: string): string | null {
  const lower = ip.toLowerCase();
  const m = /^(?:::ffff:|64:ff9b::)(?:0{1,4}:)?(.+)$/.exec(lower);
  if (!m) return null;
  const rest = m[1]!;
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True for private, loopback, link-local, unique-local, multicast, reserved and unspecified addresses. */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return v4.check(bare, 'ipv4');
  if (family === 6) {
    const inner = embeddedV4(bare);
    if (inner) return v4.check(inner, 'ipv4');
    return v6.check(bare, 'ipv6');
  }
  return true; // not an address: refuse rather than guess
}

/** Resolves `host` (name or literal) and throws when any of its addresses is not public. */
export async function assertPublicHost(host: string): Promise<void> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (!bare) throw new Error('Host is empty');
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
    } catch (err) {
      throw new Error(`Unable to resolve host '${bare}': ${err instanceof Error ? err.message : String(err)}`, {
        cause: err,
      });
    }
  }
  if (!addresses.length || addresses.some(isPrivateAddress)) throw new Error(PRIVATE_ADDRESS_MESSAGE);
}
