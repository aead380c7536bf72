// @vitest-environment node
/**
 * Server rendering of paytoken/react with react-dom/server in Node, no DOM: the containers are in the markup (ids,
 * classes, styles as the app gave them), nothing is mounted, no browser global is touched or defined.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';

afterEach(() => vi.unstubAllGlobals());

/** Own global names, to compare before and after. */
const globalNames = () => new Set(Object.getOwnPropertyNames(globalThis));

it('renderToString outputs the containers and touches no browser global', async () => {
  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
  // a global the binding might reach for: any read of them fails the test
  for (const name of ['window', 'document', 'location', 'addEventListener', 'postMessage', 'HTMLElement']) {
    Object.defineProperty(globalThis, name, { configurable: true, get: () => expect.fail(`${name} read on the server`) });
  }
  const before = globalNames();
  try {
    const { CardElement, CardNumberField, Cvv2Field, ExpiryField, PayTokenProvider, useHostedFields } = await import('paytoken/react');
    const seen: unknown[] = [];
    function Pay() {
      const { state, ready } = useHostedFields();
      seen.push({ state, ready });
      return <button disabled={!ready}>Pagar</button>;
    }
    const html = renderToString(
      <PayTokenProvider
        config={{ merchantId: 'm1', publicKey: 'pk_test_1', baseUrl: 'https://api.example.com' }}
        options={{ locale: 'en' }}
      >
        <label htmlFor="pan">Card number</label>
        <CardNumberField id="pan" className="field" style={{ minHeight: 44 }} onChange={() => {}} />
        <ExpiryField id="exp" />
        <Cvv2Field id="cvv" aria-label="CVV" />
        <CardElement id="card" />
        <Pay />
      </PayTokenProvider>,
    );
    expect(html).toBe(
      '<label for="pan">Card number</label><div id="pan" class="field" style="min-height:44px"></div><div id="exp"></div><div id="cvv" aria-label="CVV"></div><div id="card"></div><button disabled="">Pagar</button>',
    );
    expect(seen).toEqual([{ state: null, ready: false }]);
    expect([...globalNames()].filter((n) => !before.has(n))).toEqual([]);
  } finally {
    for (const name of ['window', 'document', 'location', 'addEventListener', 'postMessage', 'HTMLElement'])
      delete (globalThis as Record<string, unknown>)[name];
  }
});
