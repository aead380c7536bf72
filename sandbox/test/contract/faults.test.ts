/**
 * The bodies of the fault mode's `body=` faults (sandbox/src/http/faults.ts), read byte for byte over real HTTP:
 * what a client parses when the network or the API misbehaves. The client's reaction to each fault is tested in
 * test/integration/faults.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { basic, CARD, CREDS, useSandbox } from './helpers';

const api = useSandbox({ faults: true });

/** POSTs a card to `/tokens` with the private key and `X-Sandbox-Fault: fault`; @returns status and raw body. */
async function tokenWithFault(fault: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${api.baseUrl}/v1/${CREDS.merchantId}/tokens`, {
    method: 'POST',
    headers: { Authorization: basic(CREDS.privateKey), 'Content-Type': 'application/json', 'X-Sandbox-Fault': fault },
    body: JSON.stringify(CARD),
  });
  return { status: res.status, text: await res.text() };
}

describe('body faults', () => {
  it('body=malformed answers the real status and the JSON it would have sent, quotes swapped', async () => {
    const { status, text } = await tokenWithFault('body=malformed');
    expect(status).toBe(201);
    expect(() => JSON.parse(text)).toThrow();
    expect(text).not.toContain('"');
    const token = JSON.parse(text.replace(/'/g, '"'));
    expect(token).toMatchObject({ id: expect.stringMatching(/^tok/), card: { holder_name: CARD.holder_name } });
  });

  it('status=503;body=malformed swaps the quotes of the Error object', async () => {
    const { status, text } = await tokenWithFault('status=503;body=malformed');
    expect(status).toBe(503);
    expect(JSON.parse(text.replace(/'/g, '"'))).toMatchObject({ error_code: 1004, http_code: 503 });
  });

  it('body=truncated answers the first half of the JSON', async () => {
    const { status, text } = await tokenWithFault('body=truncated');
    expect(status).toBe(201);
    expect(text.startsWith('{"id":"tok')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
  });
});
