/**
 * HTTP requests from another loopback address (127.0.0.2 ... 127.0.0.255 all reach `lo` on Linux), for the tests of
 * what the sandbox keeps per client address. The global fetch cannot choose its local address; node:http can.
 */
import { request } from 'node:http';

/** An answer: status, headers, the body text. */
export interface LoopbackReply {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * Sends one request from `localAddress` (a fresh connection, closed after) and reads the whole answer.
 * @param init method (default GET), headers and a text body.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<LoopbackReply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) for (const one of [v ?? []].flat()) headers.append(k, one);
        resolve({ status: res.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer from ${url} within 10 s`)));
    req.on('error', reject);
    req.end(init.body);
  });
}
