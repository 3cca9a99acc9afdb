import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * SSRF protection for webhook targets: every address a target's host resolves to must be a
 * public unicast address. Checked when a webhook is saved and again on every connection (the
 * `lookup` of the outgoing request), so a name that later resolves to a private address (DNS
 * rebinding) is refused when sending.
 */

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
// IPv6 forms that carry an IPv4 address are checked as that address too (`embeddedIpv4`). The
// mapped form (::ffff:0:0/96) is checked only that way: a BlockList rule for it would also match
// every plain IPv4 address. The other forms are refused whole, public or not: a webhook has no
// business going through a translator or a tunnel.
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, …)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds any IPv4 address)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

const ipv4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');

/**
 * The IPv4 address an IPv6 address carries, in every form that carries one: IPv4-mapped
 * (`::ffff:7f00:1`), IPv4-translated (`::ffff:0:7f00:1`), IPv4-compatible (`::7f00:1`), NAT64
 * (`64:ff9b::7f00:1`, `64:ff9b:1::/48` with the address in the last 32 bits) and 6to4
 * (`2002:7f00:1::`, the address in bits 16–47). Null for any other address.
 */
export function embeddedIpv4(address: string): { ipv4: string; mapped: boolean } | null {
  const g = expandIpv6(address);
  if (!g) return null;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const last = { ipv4: ipv4Of(g[6], g[7]), mapped: false };
  if (zeros(0, 5) && g[5] === 0xffff) return { ...last, mapped: true };
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return last; // translated
  if (zeros(0, 6) && (g[6] !== 0 || g[7] > 1)) return last; // compatible (not :: or ::1)
  if (g[0] === 0x64 && g[1] === 0xff9b && (g[2] === 1 || zeros(2, 6))) return last; // NAT64
  if (g[0] === 0x2002) return { ipv4: ipv4Of(g[1], g[2]), mapped: false }; // 6to4
  return null;
}

function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = text.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const h = parse(head);
  const t = parse(tail);
  const groups = tail === undefined ? h : [...h, ...new Array(8 - h.length - t.length).fill(0), ...t];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

/** Whether `address` (an IP literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return !blocked.check(bare, 'ipv4');
  if (family !== 6) return false;
  const embedded = embeddedIpv4(bare);
  if (embedded && blocked.check(embedded.ipv4, 'ipv4')) return false;
  // A mapped address is the IPv4 address it carries; every other form is judged by its range too.
  if (embedded?.mapped) return true;
  return !blocked.check(bare, 'ipv6');
}

export class TargetRefused extends Error {}

type Lookup = (
  hostname: string,
  options: { all: true },
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** Resolves `hostname` (every address) and refuses it unless all are public (or `allowPrivate`). */
export function resolveTarget(
  hostname: string,
  allowPrivate: boolean,
  lookup: Lookup = dnsLookup as unknown as Lookup,
): Promise<LookupAddress[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) {
    if (!allowPrivate && !isPublicAddress(bare))
      return Promise.reject(new TargetRefused(`${bare} is not a public address`));
    return Promise.resolve([{ address: bare, family: isIP(bare) }]);
  }
  return new Promise((resolve, reject) =>
    lookup(bare, { all: true }, (err, addresses) => {
      if (err) return reject(new TargetRefused(`${bare} does not resolve (${err.code ?? err.message})`));
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (!allowPrivate && refused)
        return reject(
          new TargetRefused(`${bare} resolves to ${refused.address}, which is not a public address`),
        );
      resolve(addresses);
    }),
  );
}

/**
 * A `lookup` for `http.request` that only connects to checked addresses: the same resolution as
 * `resolveTarget`, answered the way the caller asked (one address, or all).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number },
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    resolveTarget(hostname, allowPrivate).then(
      (addresses) => {
        const wanted = options.family ? addresses.filter((a) => a.family === options.family) : addresses;
        if (wanted.length === 0) return callback(new TargetRefused(`${hostname} has no usable address`), '');
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0].address, wanted[0].family);
      },
      (err: Error) => callback(err, ''),
    );
  };
}
