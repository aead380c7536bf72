/**
 * Keeps the browsers on loopback: a local trap that every non-loopback connection is sent to (and closed by), and
 * the Firefox preferences that route there and turn off Firefox's background services. Used by the Gecko and
 * WebKit adapters and by test/browsers/firefox.test.ts (undriven Firefox).
 */
import { createServer, type AddressInfo } from 'node:net';

/** A TCP server on 127.0.0.1 that closes every connection at once: the proxy every non-local request meets. */
export async function startTrap(): Promise<{ port: number; close(): Promise<void> }> {
  const trap = createServer((socket) => socket.destroy());
  await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
  return { port: (trap.address() as AddressInfo).port, close: () => new Promise((r) => trap.close(() => r())) };
}

/** A free TCP port on 127.0.0.1 (for a server that takes its port on the command line). */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/** Firefox preferences: no network beyond loopback (everything else to the trap), no first-run noise. */
export const firefoxPrefs = (trapPort: number): Record<string, string | number | boolean> => ({
  'network.proxy.type': 1,
  'network.proxy.share_proxy_settings': true,
  'network.proxy.http': '127.0.0.1',
  'network.proxy.http_port': trapPort,
  'network.proxy.ssl': '127.0.0.1',
  'network.proxy.ssl_port': trapPort,
  'network.proxy.socks': '127.0.0.1',
  'network.proxy.socks_port': trapPort,
  'network.proxy.socks_remote_dns': true,
  'network.proxy.allow_hijacking_localhost': false,
  'network.trr.mode': 5,
  'network.dns.disablePrefetch': true,
  'network.prefetch-next': false,
  'network.http.speculative-parallel-limit': 0,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'app.update.disabledForTesting': true,
  'app.normandy.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'datareporting.healthreport.uploadEnabled': false,
  'toolkit.telemetry.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'browser.safebrowsing.downloads.enabled': false,
  'browser.safebrowsing.blockedURIs.enabled': false,
  'services.settings.server': `http://127.0.0.1:${trapPort}/`,
  'dom.push.connection.enabled': false,
  'extensions.update.enabled': false,
  'extensions.getAddons.cache.enabled': false,
  'extensions.blocklist.enabled': false,
  'media.gmp-manager.updateEnabled': false,
  'geo.provider.network.url': '',
  'browser.region.update.enabled': false,
  'browser.search.update': false,
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'browser.aboutwelcome.enabled': false,
});
