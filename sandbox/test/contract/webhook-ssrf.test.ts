/**
 * No server-side request forgery through webhooks (sandbox/src/events/ssrf.ts, docs/webhooks.md): every URL that
 * names a private, link-local, unique-local, shared, reserved or metadata address, or a host not on the allow list,
 * is refused at registration with an Error object; a listed name that resolves to such an address is refused there
 * too, and again at delivery time (a name rebound after registration), with nothing sent.
 *
 * This sandbox's resolver and HTTP sender are injected: no name is looked up and no connection is attempted, even
 * if the code under test were wrong. The sender records what it was asked to send.
 */
import { describe, expect, it } from 'vitest';
import type { SendRequest } from '../../src/events/sender';
import { CREDS, expectError, useSandbox } from './helpers';
import { deliveriesOf, sim, until } from './webhook-helpers';

/** What the names resolve to, now (tests change it to rebind a name). */
const dns: Record<string, string[]> = {
  'hooks.example.com': ['93.184.215.14'],
  'private.example.com': ['10.20.30.40'],
  'mixed.example.com': ['93.184.215.14', '192.168.0.10'],
  'meta.example.com': ['169.254.169.254'],
  'ula.example.com': ['fd12:3456::1'],
  'rebind.example.com': ['93.184.215.15'],
  localhost: ['127.0.0.1'],
};
const looked: string[] = [];
const sent: SendRequest[] = [];
const api = useSandbox({
  webhooks: {
    pollMs: 20,
    allowHosts: [
      'hooks.example.com',
      'private.example.com',
      'mixed.example.com',
      'meta.example.com',
      'ula.example.com',
      'rebind.example.com',
      '93.184.215.20',
    ],
    resolve: async (host) => {
      looked.push(host);
      const a = dns[host];
      if (!a) throw new Error(`ENOTFOUND ${host}`);
      return a.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
    send: async (r) => {
      sent.push(r);
      return { status: 200, body: '', error: null };
    },
  },
});

const register = (url: string) => api.call('POST', '/webhooks', { body: { url, event_types: ['charge.succeeded'] } });

describe('refused at registration: an Error object naming url; nothing stored, no event, nothing sent', () => {
  it.each([
    ['http://10.0.0.1/h', 'private'],
    ['http://172.16.5.4:8080/h', 'private'],
    ['http://192.168.1.1/h', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'linkLocal'],
    ['http://[fe80::1]/h', 'linkLocal'],
    ['http://[fd00:ec2::254]/h', 'uniqueLocal'],
    ['http://[fc00::5]/h', 'uniqueLocal'],
    ['http://100.100.100.200/h', 'carrierGradeNat'],
    ['http://192.0.0.192/h', 'reserved'],
    ['http://0.0.0.0:4010/h', 'unspecified'],
    ['http://[::]/h', 'unspecified'],
    ['http://[::ffff:10.0.0.1]/h', 'private'],
    ['http://[::ffff:169.254.169.254]/h', 'linkLocal'],
    ['http://0xa9fea9fe/h', 'linkLocal'], // 169.254.169.254 written as one hexadecimal number
    ['http://2852039166/h', 'linkLocal'], // and as one decimal number
    ['http://[64:ff9b::a00:1]/h', 'rfc6052'],
    ['http://224.0.0.1/h', 'multicast'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'metadata'],
    ['http://metadata/h', 'metadata'],
    ['http://8.8.8.8/h', 'not on --webhook-allow-hosts'],
    ['https://evil.example.net/h', 'not on --webhook-allow-hosts'],
    ['http://private.example.com/h', 'resolves to a private address (10.20.30.40)'],
    ['http://mixed.example.com/h', 'resolves to a private address (192.168.0.10)'],
    ['http://meta.example.com/h', 'resolves to a linkLocal address (169.254.169.254)'],
    ['http://ula.example.com/h', 'resolves to a uniqueLocal address (fd12:3456::1)'],
    ['http://nowhere.example.com/h', 'not on --webhook-allow-hosts'],
  ])('%s (%s)', async (url, why) => {
    const before = (await api.call('GET', '/webhooks?limit=100')).body.length;
    const events = (await api.call('GET', '/events?limit=100', { prefix: sim(CREDS.merchantId) })).body.length;
    const r = await register(url);
    expectError(r, 1003, 422, 'url', why);
    expect((await api.call('GET', '/webhooks?limit=100')).body.length).toBe(before);
    expect((await api.call('GET', '/events?limit=100', { prefix: sim(CREDS.merchantId) })).body.length).toBe(events);
    expect(sent.filter((s) => s.url === url)).toEqual([]);
  });

  it.each(['ftp://127.0.0.1/h', 'file:///etc/passwd', 'gopher://127.0.0.1:70/_', 'http://user:pw@127.0.0.1/h', 'javascript:alert(1)'])(
    '%s is not an http(s) URL with a host and no credentials: 1001',
    async (url) => expectError(await register(url), 1001, 400, 'url'),
  );

  it('names not on the list are never looked up', async () => {
    looked.length = 0;
    await register('https://evil.example.net/h');
    await register('http://metadata.google.internal/');
    expect(looked).toEqual([]);
  });
});

describe('allowed, and checked again at delivery', () => {
  it('loopback by default, and listed public hosts: the sender is given the address that was checked', async () => {
    for (const url of [
      'http://127.0.0.1:9/h',
      'http://localhost:9/h',
      'http://[::1]:9/h',
      'https://hooks.example.com/h',
      'http://93.184.215.20/h',
    ]) {
      const r = await register(url);
      expect(r.status, url).toBe(201);
      const req = await until(
        async () => sent.find((s) => s.url === url),
        (s) => !!s,
      );
      expect(req!.address).toBe(
        {
          'http://localhost:9/h': '127.0.0.1',
          'https://hooks.example.com/h': '93.184.215.14',
          'http://[::1]:9/h': '::1',
          'http://93.184.215.20/h': '93.184.215.20',
        }[url] ?? '127.0.0.1',
      );
    }
  });

  it('a name rebound to a private address after registration: the attempt is refused and logged, nothing sent', async () => {
    const url = 'https://rebind.example.com/h';
    const r = await register(url);
    expect(r.status).toBe(201);
    const verification = await until(
      async () => sent.filter((s) => s.url === url),
      (s) => s.length === 1,
    );
    expect(verification[0]!.address).toBe('93.184.215.15');
    dns['rebind.example.com'] = ['10.0.0.99'];
    const events = await api.call('GET', `/events?type=verification&resource_id=${r.body.id}`, { prefix: sim(CREDS.merchantId) });
    const resend = await api.call('POST', `/events/${events.body[0].id}/resend`, { prefix: sim(CREDS.merchantId) });
    expect(resend.status).toBe(201);
    const dl = await until(
      async () => (await deliveriesOf(api, CREDS.merchantId, events.body[0].id)).find((d) => d.resend),
      (d) => d?.attempts === 1,
    );
    expect(dl.log[0]).toMatchObject({
      request: null,
      response_status: null,
      error: 'refused, nothing sent: rebind.example.com resolves to a private address (10.0.0.99): refused',
      outcome: 'retry',
    });
    expect(sent.filter((s) => s.url === url)).toHaveLength(1); // only the verification, before the rebinding
  });
});
