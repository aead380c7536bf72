/**
 * Runs every example of docs/testing.md (docs/examples/testing/) as a merchant would: the Playwright suite (its
 * `webServer` starts the built `paytoken-sandbox`), the WebdriverIO spec under Vitest (its `globalSetup` starts the
 * sandbox; Debian's chromedriver drives Chromium), the Puppeteer script, and the CI workflow's sandbox command.
 * Needs `npm run build` (the package's dist/ and sandbox/dist/). Each example's test makes its own merchant
 * (`POST /sandbox/v1/merchants`), as docs/testing.md shows. And the example merchant suite
 * (docs/examples/merchant-suite/, docs/testing.md "An example merchant suite"), once, with one worker: `npm run
 * bench:merchant-suite` runs it more and with two.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const DIR = join(ROOT, 'docs/examples/testing');
const env = { ...process.env, CI: '' };
const run = (cmd: string, args: string[], extra: Record<string, string> = {}) =>
  spawnSync(cmd, args, { cwd: ROOT, env: { ...env, ...extra }, encoding: 'utf8', timeout: 240_000 });

/** A free loopback port. */
const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

const started: ChildProcess[] = [];
afterAll(() => started.forEach((p) => p.kill()));

/**
 * `npx paytoken-sandbox` as in a merchant's project: npm links a package's bin at install, which in this
 * repository's workspace happens before sandbox/dist/ is built, so the link is made here when missing.
 */
function linkSandboxBin(): void {
  const bin = join(ROOT, 'node_modules/.bin/paytoken-sandbox');
  const cli = join(ROOT, 'sandbox/dist/cli.js');
  chmodSync(cli, 0o755);
  if (!existsSync(bin)) symlinkSync(relative(dirname(bin), cli), bin);
}

describe('docs/testing.md examples', () => {
  it('the Playwright suite with a merchant per worker passes (approved, declined, 3-D Secure)', () => {
    linkSandboxBin();
    const r = run('npx', ['playwright', 'test', '-c', join(DIR, 'playwright.config.ts'), '--reporter', 'line']);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/3 passed/);
  }, 300_000);

  it('the WebdriverIO spec passes under Vitest, its sandbox started by globalSetup, Chromium through chromedriver', async () => {
    const port = await freePort();
    const driver = spawn('chromedriver', [`--port=${port}`], { stdio: 'ignore' });
    started.push(driver);
    const r = run('npx', ['vitest', 'run', '--config', join(DIR, 'vitest.config.ts')], { CHROMEDRIVER_PORT: String(port) });
    driver.kill();
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/1 passed/);
  }, 300_000);

  it('the Puppeteer script pays and exits 0', () => {
    const r = run('npx', ['tsx', join(DIR, 'checkout.puppeteer.ts')]);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('paid: Pago completado');
  }, 300_000);

  it("the CI workflow's sandbox command starts paytoken-sandbox with the anti-fraud count rules off", async () => {
    const line = readFileSync(join(DIR, 'ci.yml'), 'utf8').match(/run: 'npx paytoken-sandbox (.*) &'$/m)![1]!;
    const args = line.split(' ').map((a, i, all) => (all[i - 1] === '--port' ? '0' : a));
    const cli = spawn(process.execPath, [join(ROOT, 'node_modules/paytoken-sandbox/dist/cli.js'), ...args], { cwd: ROOT });
    started.push(cli);
    let out = '';
    cli.stdout.on('data', (d: Buffer) => (out += d.toString()));
    for (let i = 0; i < 200 && !out.includes('sandbox API ready'); i++) await new Promise((r) => setTimeout(r, 50));
    cli.kill();
    expect(out).toContain('sandbox API ready');
    expect(out).toContain('device_velocity over 0 cards');
    expect(out).toContain('card_velocity over 0 devices');
  });
});

describe('docs/examples/merchant-suite', () => {
  it('passes whole with one worker, every test at its first try (its merchant and shop made by the worker fixture)', () => {
    const config = join(ROOT, 'docs/examples/merchant-suite/playwright.config.ts');
    const r = run('npx', ['playwright', 'test', '-c', config, '--workers', '1', '--retries', '0', '--reporter', 'line']);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\b20 passed\b/);
  }, 300_000);
});
