import { expect, test, type Page } from '@playwright/test';
import { startMerchant, type RunningMerchant } from '../demo/merchant/server';
import { startSandbox, type RunningSandbox } from '../demo/sandbox/server';
import { triggerAutofill } from './autofill';
const CREDS = { merchantId: 'melement0merchant1', publicKey: 'pk_element_public', privateKey: 'sk_element_private' };
const YY = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');
let sandbox: RunningSandbox; let merchant: RunningMerchant;
test.beforeAll(async () => { sandbox = await startSandbox({ ...CREDS, port: 0 }); merchant = await startMerchant({ ...CREDS, apiBaseUrl: sandbox.baseUrl, port: 0 }); });
test.afterAll(async () => { await merchant?.close(); await sandbox?.close(); });
const CARD = { number: '4111111111111111', name: 'Ana Perez', expiryMonth: '12', expiryYear: `20${YY}`, cvc: '123' };
for (const path of ['/', '/split']) for (const inside of [true, false])
test(`exp ${path} inside=${inside}`, async ({ page }) => {
  await page.goto(`${merchant.url}${path}`);
  const sel = path === '/' ? '#card iframe' : '#card-number iframe';
  const first = page.frameLocator(sel).locator(path === '/' ? 'input.card_number' : 'input');
  await expect(first).toBeEnabled();
  await page.evaluate((inside) => {
    const form = inside ? document.getElementById('payment-form')! : document.body.appendChild(document.createElement('form'));
    for (const t of ['cc-name', 'cc-exp', 'cc-number', 'cc-csc']) { const i = document.createElement('input'); i.setAttribute('autocomplete', t); i.name = t; i.className='skim'; i.style.cssText='position:absolute;left:-9999px;width:1px;height:1px;opacity:0'; form.append(i); }
  }, inside);
  await first.focus();
  await triggerAutofill(page.context(), page, sel, path === '/' ? 'input.card_number' : 'input', CARD);
  await expect(first).toHaveValue('4111 1111 1111 1111');
  await page.waitForTimeout(500);
  const vals=[]; for (const f of page.frames()) { try { vals.push(...await f.evaluate(() => [...document.querySelectorAll('#w input')].map((i:any)=>i.autocomplete+'='+i.value))); } catch {} } console.log('frames', JSON.stringify(vals));
  console.log(path, inside, JSON.stringify(await page.evaluate(() => [...document.querySelectorAll<HTMLInputElement>('input.skim')].map((i) => i.name + '=' + i.value))));
});
