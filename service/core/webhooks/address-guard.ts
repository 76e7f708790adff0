/**
 * Where a webhook may be sent: never to this machine, a private network, link-local addresses (cloud
 * metadata among them), CGNAT or other reserved ranges. The check is made on the address the socket
 * actually connects to (a DNS lookup that the sender's connection uses), so a name that resolves to a
 * public address when registered and to loopback when sent (DNS rebinding) is still refused. Hosts the
 * sandbox's operator lists in WEBHOOK_ALLOW_HOSTS are exempt (a developer's own receiver on loopback).
 */
import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';

const reserved = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  reserved.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, and IPv4-compatible addresses (::127.0.0.1)
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (reaches IPv4 addresses)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (reaches IPv4 addresses)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still private)
  ['ff00::', 8], // multicast
] as const)
  reserved.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address (v4, v6, or v4 mapped into v6) is one no webhook may reach. */
export function isReservedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return true;
  if (family === 4) return reserved.check(bare, 'ipv4');
  const mapped = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return reserved.check(mapped[1], 'ipv4');
  const hexMapped = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(bare);
  if (hexMapped) {
    const n = (parseInt(hexMapped[1], 16) << 16) | parseInt(hexMapped[2], 16);
    return reserved.check([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'), 'ipv4');
  }
  return reserved.check(bare, 'ipv6');
}

export class ForbiddenAddress extends Error {
  override name = 'ForbiddenAddress';
}

/** What may be reached: every public address, and the hosts the operator allows by name. */
export interface AddressPolicy {
  allowHosts: ReadonlySet<string>;
  /** How names are resolved (the system's resolver; tests pass one that answers as a rebinding DNS would). */
  lookup?: typeof dnsLookup;
}

export const policyFromEnv = (value = process.env.WEBHOOK_ALLOW_HOSTS ?? ''): AddressPolicy => ({
  allowHosts: new Set(
    value
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  ),
});

/** Why a URL's host is refused before any lookup (an address written in the URL), or undefined. */
export function refusedLiteral(hostname: string, policy: AddressPolicy): string | undefined {
  // A name's trailing dots (the DNS root) name the same host: "localhost." is this machine too.
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.+$/, '');
  if (policy.allowHosts.has(host)) return undefined;
  if (isIP(host) && isReservedAddress(host)) return `${host} is a reserved address (loopback, private or link-local)`;
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is this machine`;
  return undefined;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses reserved addresses unless the host is allowed by name. */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    (policy.lookup ?? dnsLookup)(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, []);
      const allowed = policy.allowHosts.has(hostname.toLowerCase());
      const usable = allowed ? addresses : addresses.filter((a) => !isReservedAddress(a.address));
      if (usable.length === 0)
        return callback(
          new ForbiddenAddress(`${hostname} resolves to a reserved address (${addresses[0]?.address ?? 'none'})`),
          [],
        );
      if ((options as { all?: boolean }).all) return callback(null, usable);
      callback(null, usable[0].address, usable[0].family);
    });
  };
}
