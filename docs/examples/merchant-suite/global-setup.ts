/**
 * Starts one sandbox for the whole run, in the Playwright runner's process (a free port, an in-memory store), and
 * hands its URL to the workers as `PAYTOKEN_SANDBOX_URL` (Playwright's workers start after the global setup, with
 * its environment). Playwright calls the returned function at the end of the run.
 */
import { startSandbox } from 'paytoken-sandbox';
import { DEFAULT_MERCHANT } from '../testing/shop';

export default async function globalSetup() {
  const sandbox = await startSandbox({
    port: 0,
    merchantId: DEFAULT_MERCHANT.id,
    publicKey: DEFAULT_MERCHANT.public_key,
    privateKey: DEFAULT_MERCHANT.private_key,
    // automated tests: the count rules off, every other rule only flags (docs/testing.md)
    fraud: { velocityMaxCards: 0, cardVelocityMaxDevices: 0 },
  });
  process.env.PAYTOKEN_SANDBOX_URL = sandbox.baseUrl;
  return () => sandbox.close();
}
