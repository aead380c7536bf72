// @vitest-environment node
/**
 * Where webhook deliveries may go (sandbox/src/events/ssrf.ts), as pure functions: the address ranges, the URL's
 * form, the host before any lookup and the addresses after it. The resolver is always injected: no name is looked
 * up and no packet leaves the machine.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  addressesProblem,
  checkDestination,
  classifyAddress,
  hostProblem,
  isListed,
  urlFormProblem,
  type Resolver,
} from '../../src/events/ssrf';

describe('address ranges', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
  ])('%s is %s', (address, kind) => expect(classifyAddress(address).kind).toBe(kind));

  it.each([
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'], // the AWS, GCP and Azure metadata address
    ['100.100.100.200', 'carrierGradeNat'], // Alibaba's metadata address, in the shared range
    ['192.0.0.192', 'reserved'], // Oracle's metadata address
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['198.18.0.1', 'reserved'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'], // the AWS metadata address over IPv6
    ['fc00::1', 'uniqueLocal'],
    ['::', 'unspecified'],
    ['ff02::1', 'multicast'],
    ['::ffff:10.0.0.1', 'private'], // IPv4-mapped
    ['64:ff9b::a00:1', 'rfc6052'], // NAT64 of 10.0.0.1
    ['2002:a00:1::', '6to4'],
    ['2001::1', 'teredo'],
    ['not-an-ip', 'not an IP address'],
  ])('%s is refused (%s)', (address, range) => expect(classifyAddress(address)).toEqual({ kind: 'refused', range }));
});

describe('the URL and its host, before any lookup', () => {
  it.each([
    ['ftp://127.0.0.1/x', 'must be an http: or https: URL'],
    ['file:///etc/passwd', 'must be an http: or https: URL'],
    ['gopher://127.0.0.1:70/', 'must be an http: or https: URL'],
    ['/relative/path', 'must be an absolute http: or https: URL'],
    ['http://user:secret@127.0.0.1/', 'must not carry credentials: send user and password instead'],
    [`http://127.0.0.1/${'a'.repeat(2048)}`, 'must be at most 2048 characters'],
  ])('%s: %s', (url, problem) => expect(urlFormProblem(url.slice(0, 2100))).toBe(problem));

  it('accepts http and https URLs with a host', () => {
    expect(urlFormProblem('http://127.0.0.1:8080/hooks?x=1')).toBe('');
    expect(urlFormProblem('https://localhost/hooks')).toBe('');
  });

  it.each([
    'http://127.0.0.1/',
    'http://localhost:3000/',
    'http://hooks.localhost/',
    'http://[::1]:8080/',
    'http://2130706433/', // 127.0.0.1 as one number
    'http://0x7f.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://localhost./',
  ])('loopback is allowed by default: %s', (url) => expect(hostProblem(url, [])).toBe(''));

  it.each([
    ['http://10.0.0.1/', 'points to a private address (10.0.0.1): refused'],
    ['http://169.254.169.254/latest/meta-data/', 'points to a linkLocal address (169.254.169.254): refused'],
    ['http://[fd00:ec2::254]/', 'points to a uniqueLocal address (fd00:ec2::254): refused'],
    ['http://[fe80::1]/', 'points to a linkLocal address (fe80::1): refused'],
    ['http://0.0.0.0:8080/', 'points to a unspecified address (0.0.0.0): refused'],
    ['http://[::ffff:a9fe:a9fe]/', 'points to a linkLocal address (::ffff:a9fe:a9fe): refused'],
    ['http://0xa9fea9fe/', 'points to a linkLocal address (169.254.169.254): refused'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'names a cloud metadata service (metadata.google.internal): refused'],
    ['http://8.8.8.8/', 'points to 8.8.8.8, which is not on --webhook-allow-hosts (loopback only by default)'],
    ['https://hooks.example.com/', 'names hooks.example.com, which is not on --webhook-allow-hosts (loopback only by default)'],
  ])('%s: %s', (url, problem) => expect(hostProblem(url, [])).toBe(problem));

  it('a listed host passes; a listed private or metadata one does not', () => {
    expect(hostProblem('https://hooks.example.com/', ['hooks.example.com'])).toBe('');
    expect(hostProblem('https://a.hooks.example.com/', ['*.hooks.example.com'])).toBe('');
    expect(hostProblem('https://93.184.215.14/', ['93.184.215.14'])).toBe('');
    expect(hostProblem('http://10.0.0.1/', ['10.0.0.1'])).toMatch(/refused/);
    expect(hostProblem('http://metadata.google.internal/', ['metadata.google.internal'])).toMatch(/metadata/);
  });

  it('the allow list: exact names, *.suffix for names under it (not the suffix itself), any case', () => {
    expect(isListed('hooks.example.com', ['HOOKS.example.com'])).toBe(true);
    expect(isListed('a.b.example.com', ['*.example.com'])).toBe(true);
    expect(isListed('example.com', ['*.example.com'])).toBe(false);
    expect(isListed('evil-example.com', ['*.example.com'])).toBe(false);
    expect(isListed('::1', ['[::1]'])).toBe(true);
  });
});

describe('after name resolution', () => {
  const resolver = (table: Record<string, string[]>): Resolver =>
    vi.fn(async (host: string) => {
      const addresses = table[host];
      if (!addresses) throw new Error(`ENOTFOUND ${host}`);
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const);
    });

  it('every address must be loopback, or public for a listed host; one refused address refuses the name', () => {
    expect(addressesProblem('localhost', [{ address: '127.0.0.1', family: 4 }], [])).toBe('');
    expect(addressesProblem('localhost', [{ address: '8.8.8.8', family: 4 }], [])).toMatch(/not on --webhook-allow-hosts/);
    expect(addressesProblem('hooks.example.com', [{ address: '93.184.215.14', family: 4 }], ['hooks.example.com'])).toBe('');
    expect(
      addressesProblem(
        'hooks.example.com',
        [
          { address: '93.184.215.14', family: 4 },
          { address: '10.0.0.7', family: 4 },
        ],
        ['hooks.example.com'],
      ),
    ).toBe('hooks.example.com resolves to a private address (10.0.0.7): refused');
    expect(addressesProblem('x', [], [])).toBe('x resolves to no address');
  });

  it('checkDestination: the address checked is the one to connect to; unlisted names are never looked up', async () => {
    const resolve = resolver({
      'hooks.example.com': ['93.184.215.14'],
      localhost: ['::1', '127.0.0.1'],
      'rebind.example.com': ['169.254.169.254'],
    });
    expect(await checkDestination('https://hooks.example.com/h', ['hooks.example.com'], resolve)).toEqual({
      ok: true,
      address: '93.184.215.14',
      family: 4,
    });
    expect(await checkDestination('http://localhost:9/h', [], resolve)).toEqual({ ok: true, address: '::1', family: 6 });
    expect(await checkDestination('http://127.0.0.1:9/h', [], resolve)).toEqual({ ok: true, address: '127.0.0.1', family: 4 });
    expect(await checkDestination('https://rebind.example.com/', ['rebind.example.com'], resolve)).toEqual({
      ok: false,
      problem: 'rebind.example.com resolves to a linkLocal address (169.254.169.254): refused',
    });
    expect(await checkDestination('https://gone.example.com/', ['gone.example.com'], resolve)).toEqual({
      ok: false,
      problem: 'gone.example.com does not resolve (ENOTFOUND gone.example.com)',
    });
    const calls = (resolve as ReturnType<typeof vi.fn>).mock.calls.length;
    expect((await checkDestination('https://other.example.com/', [], resolve)).ok).toBe(false);
    expect((resolve as ReturnType<typeof vi.fn>).mock.calls.length).toBe(calls);
  });
});
