/**
 * A Vitest `globalSetup` that starts the sandbox once for the whole run (in-process, a free port, an in-memory
 * store) and hands its URL to the tests (`inject('sandboxUrl')`); Vitest calls the returned function at the end.
 */
import type { TestProject } from 'vitest/node';
import { startSandbox } from 'paytoken-sandbox';
import { DEFAULT_MERCHANT } from './shop';

declare module 'vitest' {
  export interface ProvidedContext {
    sandboxUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const sandbox = await startSandbox({
    port: 0,
    merchantId: DEFAULT_MERCHANT.id,
    publicKey: DEFAULT_MERCHANT.public_key,
    privateKey: DEFAULT_MERCHANT.private_key,
    // automated tests: the count rules off, every other rule only flags (docs/testing.md)
    fraud: { velocityMaxCards: 0, cardVelocityMaxDevices: 0 },
  });
  project.provide('sandboxUrl', sandbox.baseUrl);
  return () => sandbox.close();
}
