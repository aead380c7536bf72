import { test as base, expect, type Page, type Request } from '@playwright/test';
import { startSandbox, type RunningSandbox } from '../sandbox/src/server';
import { startMerchant, type RunningMerchant } from '../demo/merchant/server';
import type { FraudOptions } from '../sandbox/src/fraud/fraud';

/** Credentials of the e2e merchant (sandbox only). */
export const CREDENTIALS = { merchantId: 'me2e0merchant0001', publicKey: 'pk_e2e_public', privateKey: 'sk_e2e_private' };

export interface Servers {
  apiUrl: string;
  /** The sandbox API (its store, for checks the HTTP API does not offer). */
  api: RunningSandbox;
  merchant: RunningMerchant;
}

/**
 * Starts a sandbox API with `fraud` rule settings and a merchant backend on it, on free ports; `close()` stops
 * both. For tests of the anti-fraud rules, which need settings (and state) of their own.
 */
export async function startServers(
  fraud: Partial<FraudOptions> = {},
  log?: (line: string) => void,
): Promise<Servers & { close(): Promise<void> }> {
  const api = await startSandbox({ ...CREDENTIALS, port: 0, fraud, ...(log ? { log } : {}) });
  // every test's browser pays from 127.0.0.1: the per-IP attempt limit is tested over HTTP (test/merchant)
  const merchant = await startMerchant({ ...CREDENTIALS, apiBaseUrl: api.baseUrl, port: 0, maxAttempts: 10_000 });
  return {
    apiUrl: api.baseUrl,
    api,
    merchant,
    close: async () => {
      await merchant.close();
      await api.close();
    },
  };
}

/** Every request the page made, with its body, and every console line and CSP violation. */
export interface Recorder {
  requests: { url: string; method: string; body: string; headers: Record<string, string> }[];
  console: string[];
  cspViolations: string[];
}

export const test = base.extend<{ recorder: Recorder }, { serversFraud: Partial<FraudOptions>; servers: Servers }>({
  // The anti-fraud rule settings of `servers` (a worker option). Those servers are shared by every test of a worker,
  // all from the same headless browser profile (one visitor id): the device-velocity rule is off here so that tests
  // of other flows may use any number of cards. It is tested on servers of its own (e2e/device-data.spec.ts). Every
  // page pays from 127.0.0.1, and the viewport sizes of the layout tests give one profile several visitor ids, so
  // the IP-velocity rule (20 distinct cards per IP) and the card-velocity rule (one card from more than 3 visitor
  // ids) are off here too: a worker running the test-card walk, the checkout and the layout specs trips them; both
  // are tested over HTTP (test/contract).
  serversFraud: [
    { velocityMaxCards: 0, ipVelocityMaxCards: 0, cardVelocityMaxDevices: 0 },
    { scope: 'worker', option: true },
  ],
  servers: [
    async ({ serversFraud }, use) => {
      const { close, ...servers } = await startServers(serversFraud);
      await use(servers);
      await close();
    },
    { scope: 'worker' },
  ],
  recorder: async ({ page }, use) => {
    const rec: Recorder = { requests: [], console: [], cspViolations: [] };
    page.on('request', (r: Request) =>
      rec.requests.push({ url: r.url(), method: r.method(), body: r.postData() ?? '', headers: r.headers() }),
    );
    page.on('console', (m) => {
      rec.console.push(m.text());
      if (/Content Security Policy|Trusted Type/i.test(m.text())) rec.cspViolations.push(m.text());
    });
    await use(rec);
  },
});

export { expect };

/** The next year but two, as two digits: an expiry that is valid whenever the suite runs. */
export const FUTURE_YY = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');

/** The demo page's labels, in either language. */
export const LABELS = {
  name: /^(Nombre del titular|Name on card)$/,
  number: /^(Número de tarjeta|Card number)$/,
  expiry: /^(Vencimiento|Expiry) \((MM\/AA|MM\/YY)\)$/,
  cvv: /^(Código de seguridad|Security code)/,
  pay: /^(Pagar|Pay) /,
};

/** Fills the demo checkout form as a person would, typing each field (the expiry as MMYY: the form adds the slash). */
export async function fillCard(page: Page, card: { number: string; name?: string; expiry?: string; cvv2?: string }): Promise<void> {
  await page.getByLabel(LABELS.name).pressSequentially(card.name ?? 'Ana Pérez');
  await page.getByLabel(LABELS.number).pressSequentially(card.number);
  await page.getByLabel(LABELS.expiry).pressSequentially(card.expiry ?? `12${FUTURE_YY}`);
  await page.getByLabel(LABELS.cvv).pressSequentially(card.cvv2 ?? '123');
}

/** The input inside a hosted field's frame on the demo's hosted checkout (`/`), by its container's id. */
export const frameInput = (page: Page, container: string) => page.frameLocator(`#${container} iframe`).locator('input');

/**
 * Fills the demo's default checkout (`/`): the card element, one frame holding the card number, expiry, CVV2 and
 * holder name (no card input on the merchant page).
 */
export async function fillHosted(page: Page, card: { number?: string; expiry?: string; cvv2?: string } = {}): Promise<void> {
  const input = (field: string) => page.frameLocator('#card iframe').locator(`input.${field}`);
  await expect(input('card_number')).toBeEnabled();
  await input('card_number').pressSequentially(card.number ?? '4111111111111111');
  await input('expiry').pressSequentially(card.expiry ?? `12${FUTURE_YY}`);
  await input('cvv2').pressSequentially(card.cvv2 ?? '123');
  await input('holder_name').pressSequentially('Ana Pérez');
}

/** Runs axe-core (WCAG 2.x A and AA rules and best practices) on the page and returns the violations. */
export async function axeViolations(page: Page) {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}
