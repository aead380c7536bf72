import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where the sandbox may send a webhook (no server-side request forgery; docs/webhooks.md, "Where deliveries may
 * go"). Loopback is allowed by default (the sandbox is a local tool and the merchant's server runs beside it);
 * any other host only when the operator lists it (`--webhook-allow-hosts`); and whatever the list says, an address
 * that is private, link-local, unique-local, shared (carrier-grade NAT), reserved, multicast, unspecified, an
 * IPv4 address inside IPv6 (NAT64, 6to4, Teredo) or a cloud metadata service is refused. Checked at registration
 * (the URL, and the name's addresses when the host is listed) and again before every delivery after name
 * resolution, the request then going to the very address that was checked (no second lookup to rebind).
 */

/** One resolved address. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (tests inject their own: no query leaves the machine). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

/** The operating system's resolver (`/etc/hosts`, then DNS), every address. */
export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** Names of cloud metadata services, refused even when listed. */
export const METADATA_HOSTS: readonly string[] = [
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.com',
  'instance-data',
  'instance-data.ec2.internal',
];

/** Longest webhook URL, characters. */
export const MAX_URL_CHARS = 2048;

/** What kind of address: loopback (allowed), public (allowed for listed hosts), or refused, with the range's name. */
export function classifyAddress(address: string): { kind: 'loopback' | 'public' | 'refused'; range: string } {
  if (!ipaddr.isValid(address)) return { kind: 'refused', range: 'not an IP address' };
  const range = ipaddr.process(address).range();
  if (range === 'loopback') return { kind: 'loopback', range };
  return { kind: range === 'unicast' ? 'public' : 'refused', range };
}

/** The host of a URL as compared: lower case, no brackets around IPv6, no trailing dot. */
export const hostOf = (u: URL): string =>
  u.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

/** Whether `host` is on the allow list: exactly, or under a `*.example.com` entry. */
export function isListed(host: string, allowHosts: readonly string[]): boolean {
  return allowHosts.some((entry) => {
    const e = entry
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, '');
    return e.startsWith('*.') ? host.endsWith(e.slice(1)) && host.length > e.length - 1 : host === e;
  });
}

/** Whether a name is loopback by definition (`localhost`, and names under `.localhost`: RFC 6761). */
const isLoopbackName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/**
 * The problem with a webhook URL's form, or '' when it is an absolute `http:` or `https:` URL with a host, without
 * credentials (the webhook's `user` and `password` carry them) and at most {@link MAX_URL_CHARS} characters.
 */
export function urlFormProblem(url: string): string {
  if (url.length > MAX_URL_CHARS) return `must be at most ${MAX_URL_CHARS} characters`;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'must be an absolute http: or https: URL';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'must be an http: or https: URL';
  if (!u.hostname) return 'must name a host';
  if (u.username || u.password) return 'must not carry credentials: send user and password instead';
  return '';
}

/**
 * The problem with a URL's host before any lookup, or '': a literal address is judged by its range; a name must be
 * loopback by definition or on the allow list, and never a metadata service's.
 */
export function hostProblem(url: string, allowHosts: readonly string[]): string {
  const host = hostOf(new URL(url));
  if (METADATA_HOSTS.includes(host)) return `names a cloud metadata service (${host}): refused`;
  if (isIP(host)) {
    const { kind, range } = classifyAddress(host);
    if (kind === 'refused') return `points to a ${range} address (${host}): refused`;
    if (kind === 'public' && !isListed(host, allowHosts))
      return `points to ${host}, which is not on --webhook-allow-hosts (loopback only by default)`;
    return '';
  }
  if (isLoopbackName(host) || isListed(host, allowHosts)) return '';
  return `names ${host}, which is not on --webhook-allow-hosts (loopback only by default)`;
}

/**
 * The problem with the addresses a name resolved to, or '': each must be loopback, or public when the host is
 * listed; one refused address refuses them all.
 */
export function addressesProblem(host: string, addresses: readonly ResolvedAddress[], allowHosts: readonly string[]): string {
  if (!addresses.length) return `${host} resolves to no address`;
  for (const a of addresses) {
    const { kind, range } = classifyAddress(a.address);
    if (kind === 'refused') return `${host} resolves to a ${range} address (${a.address}): refused`;
    if (kind === 'public' && !isListed(host, allowHosts))
      return `${host} resolves to ${a.address}, and ${host} is not on --webhook-allow-hosts`;
  }
  return '';
}

/** A destination checked: the address to connect to, or why there is none. */
export type Destination = { ok: true; address: string; family: 4 | 6 } | { ok: false; problem: string };

/**
 * Checks a webhook URL completely: its form, its host, and (for a name) every address it resolves to now.
 * @returns the address to send to (the first one resolved; a literal address as it is), or the problem.
 */
export async function checkDestination(url: string, allowHosts: readonly string[], resolve: Resolver): Promise<Destination> {
  const problem = urlFormProblem(url) || hostProblem(url, allowHosts);
  if (problem) return { ok: false, problem };
  const host = hostOf(new URL(url));
  if (isIP(host)) return { ok: true, address: host, family: isIP(host) === 6 ? 6 : 4 };
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(host);
  } catch (e) {
    return { ok: false, problem: `${host} does not resolve (${(e as Error).message})` };
  }
  const wrong = addressesProblem(host, addresses, allowHosts);
  return wrong ? { ok: false, problem: wrong } : { ok: true, address: addresses[0]!.address, family: addresses[0]!.family };
}
