import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { invalid } from '../../lib/app-error';

/**
 * Where a webhook may go (docs/decisions/0042-webhooks.md): only to public unicast addresses, so
 * an administrator's URL (or a DNS answer that changes after it was checked) cannot reach the
 * server's own network: loopback, private, link-local, unique-local, carrier-grade NAT,
 * multicast, unspecified, reserved, and IPv6 forms that embed an IPv4 address are all refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  } else if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) {
    // IPv4-compatible (::a.b.c.d, deprecated): ipaddr.js calls it unicast, yet it embeds an IPv4 address.
    return false;
  }
  // ipaddr.js names every special range; only plain 'unicast' is the public internet.
  return parsed.range() === 'unicast';
}

export type Resolve = (host: string) => Promise<string[]>;

/** Every address the system resolver gives for a name (as the connection would see them). */
export const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses: LookupAddress[]) =>
      err ? reject(err) : resolve(addresses.map((a) => a.address)),
    ),
  );

export class RefusedAddressError extends Error {}

/** A 400 on the url field, with the reason's message key for the form. */
const refuse = (messageKey: string) => invalid([{ path: 'url', messageKey }], messageKey);

/** The host of a URL without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * The URL an administrator gives, checked at creation: https (http too when private addresses
 * are allowed, for development and tests), no credentials, and a host whose every address is
 * public. Throws a 400 with a messageKey the web app translates.
 */
export async function assertDeliverableUrl(raw: string, allowPrivate: boolean, resolve: Resolve = systemResolve) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('errors.webhooks.badUrl');
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw refuse('errors.webhooks.notHttps');
  if (url.username || url.password) throw refuse('errors.webhooks.badUrl');
  if (allowPrivate) return url;
  const host = hostOf(url);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    throw refuse('errors.webhooks.unresolvable');
  }
  if (!addresses.length || !addresses.every(isPublicAddress)) {
    throw refuse('errors.webhooks.privateAddress');
  }
  return url;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves once and refuses the connection unless every
 * address is public: the socket connects to an address this function checked, so a second DNS
 * answer (DNS rebinding) never gets a say. IP literals skip `lookup` in Node: checked by the
 * caller (deliver.ts) before connecting.
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolve = systemResolve) {
  return (host: string, options: { all?: boolean } | number, callback: LookupCallback) => {
    resolve(host).then(
      (addresses) => {
        if (!addresses.length)
          return callback(Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' }), '');
        if (!allowPrivate && !addresses.every(isPublicAddress)) {
          return callback(new RefusedAddressError(`refused address for ${host}: not a public address`), '');
        }
        const all = addresses.map((address) => ({ address, family: isIP(address) || 4 }));
        if (typeof options === 'object' && options?.all) return callback(null, all);
        const first = all[0] as LookupAddress;
        return callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}

/** An IP-literal host is connected to without a lookup: checked here instead. */
export function assertLiteralHostAllowed(url: URL, allowPrivate: boolean) {
  const host = hostOf(url);
  if (!allowPrivate && isIP(host) && !isPublicAddress(host)) {
    throw new RefusedAddressError(`refused address ${host}: not a public address`);
  }
}
