/**
 * `npx tsx scripts/sdk/php-sdk.ts --sdk DIR [--timeout 600] [--strict]`: the processor's public PHP SDK
 * (open-pay/openpay-php) against a `--lenient` sandbox (strict with `--strict`) in this process. That SDK ships no
 * test suite, so ./php-client.php drives every operation its README documents; this prints its lines and the count.
 * Needs Debian's `php-cli php-curl php-mbstring`. Not run in CI.
 *
 * A copy of DIR gets one patch: its sandbox endpoint (`https://sandbox-api.openpay.mx/v1`) becomes the sandbox's.
 * The SDK checks the merchant id (20 letters or digits) and the private key (`sk_` and 32) before any request, so
 * the sandbox runs with credentials of those shapes instead of the demo merchant's.
 */
import { join } from 'node:path';
import { startSandbox } from 'paytoken-sandbox';
import { copyOf, patch, run, runnerArgs } from './common';

const CREDENTIALS = {
  merchantId: 'mphpsdk0merchant0001',
  publicKey: 'pk_0123456789abcdef0123456789abcdef',
  privateKey: 'sk_0123456789abcdef0123456789abcdef',
};

const { sdk, timeoutMs, strict } = runnerArgs('php-sdk.ts');
const copy = copyOf(sdk, 'openpay-php');
const sandbox = await startSandbox({ ...CREDENTIALS, lenient: !strict, port: 0, db: ':memory:' });
try {
  patch(join(copy, 'Openpay/Data/Openpay.php'), [["'https://sandbox-api.openpay.mx/v1'", `'${sandbox.url}/v1'`]]);
  const client = join(import.meta.dirname, 'php-client.php');
  const { output, status } = await run('php', [client, copy, sandbox.merchantId, sandbox.privateKey, sandbox.url], { timeoutMs });
  process.stdout.write(output);
  if (status !== 0) process.exitCode = 1;
} finally {
  await sandbox.close();
}
