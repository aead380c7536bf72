/**
 * `tsx scripts/build/sandbox-install.ts TARBALL`: the sandbox's package as a merchant uses it in their own CI. Installs
 * the packed `paytoken-sandbox` tarball into an empty folder (a project whose package.json allows better-sqlite3's
 * install script, as npm 11 asks), checks `--help`, `startSandbox()` with a charge and an invoice PDF, and the declarations (see
 * checkLibrary), starts `npx paytoken-sandbox --db ./sandbox.db --port 0`, checks that it answers
 * (the merchant record with the private key, a token with the public key, a hosted-field frame page, the OpenAPI
 * document) and that its data file exists, then stops it with SIGTERM (to its process group, as Ctrl-C does) and checks it no longer answers. Exits non-zero on any failure.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { SANDBOX_DEFAULTS } from '../../sandbox/src/defaults';
import { invoiceBody } from '../../sandbox/test/unit/cfdi-fixtures';

const ROOT = resolve(import.meta.dirname, '../..');
const tarball = resolve(process.argv[2] ?? '');
const dir = mkdtempSync(join(tmpdir(), 'paytoken-sandbox-install-'));
let started: number | undefined;
const fail = (why: string): never => {
  console.error(`sandbox-install: ${why}`);
  if (started) stopGroup(started);
  process.exit(1);
};
/** SIGTERM to the process group `npx` leads (spawned detached), as Ctrl-C reaches every process of a terminal's. */
function stopGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGTERM');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
  }
}
const basic = (key: string) => ({ Authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` });

/** `npx paytoken-sandbox --help` exits 0 and lists the flags by group. */
function checkHelp(): void {
  const help = spawnSync('npx', ['paytoken-sandbox', '--help'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  if (help.status !== 0 || !/^Anti-fraud:$/m.test(help.stdout) || !help.stdout.includes('--port N'))
    fail(`--help exited ${help.status}: ${help.stdout.slice(0, 200)}${help.stderr.slice(0, 200)}`);
}

/**
 * The library as a merchant's test uses it: `startSandbox()` with no options, a token with its public key and a
 * card charge with its private key, then a CFDI invoice stamped on the moved clock and its PDF (rendered on the
 * package's PDF thread, `dist/pdf-worker.js`), in a child Node process of the folder; and the declarations type-checked
 * (tsc of this repository, `skipLibCheck: false`, moduleResolution node16) against a file that names them.
 */
function checkLibrary(): void {
  const script = [
    "import { startSandbox } from 'paytoken-sandbox';",
    'const s = await startSandbox();',
    "const auth = (k) => ({ Authorization: 'Basic ' + Buffer.from(k + ':').toString('base64'), 'Content-Type': 'application/json' });",
    'const api = `${s.url}/v1/${s.merchantId}`;',
    "const card = { card_number: '4111111111111111', holder_name: 'Ana', expiration_month: '12', expiration_year: '40', cvv2: '123' };",
    "const token = await (await fetch(api + '/tokens', { method: 'POST', headers: auth(s.publicKey), body: JSON.stringify(card) })).json();",
    "const body = { method: 'card', source_id: token.id, amount: 349, description: 'x', device_session_id: 'ci0session0001', customer: { name: 'Ana', email: 'ana@example.com' } };",
    "const charge = await (await fetch(api + '/charges', { method: 'POST', headers: { ...auth(s.privateKey), 'X-Forwarded-For': '203.0.113.7' }, body: JSON.stringify(body) })).json();",
    `const inv = await (await fetch(api + '/invoices/v40', { method: 'POST', headers: auth(s.privateKey), body: ${JSON.stringify(JSON.stringify(invoiceBody()))} })).json();`,
    "await fetch(`${s.url}/sandbox/v1/${s.merchantId}/clock/advance`, { method: 'POST', headers: auth(s.privateKey), body: '{\"seconds\":2}' });",
    "const link = (await (await fetch(api + '/invoices/v40/' + inv.invoice_id, { headers: auth(s.privateKey) })).json()).public_pdf_link;",
    'const pdf = Buffer.from(await (await fetch(link)).arrayBuffer()).subarray(0, 5).toString();',
    'await s.close();',
    'console.log(charge.status, pdf);',
  ].join('\n');
  writeFileSync(join(dir, 'charge.mjs'), script);
  const run = spawnSync(process.execPath, ['charge.mjs'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0 || run.stdout.trim() !== 'completed %PDF-')
    fail(`startSandbox(), a charge and an invoice's PDF: ${run.stdout}${run.stderr}`);
  const consumer = [
    "import { startSandbox, type RunningSandbox, type StartOptions } from 'paytoken-sandbox';",
    "const options: StartOptions = { port: 0, db: ':memory:', fraud: { velocityMaxCards: 0 } };",
    'export const started: Promise<RunningSandbox> = startSandbox(options);',
    'export const url = (s: RunningSandbox): string => `${s.url}/v1/${s.merchantId}`;',
  ].join('\n');
  writeFileSync(join(dir, 'consumer.mts'), consumer);
  const config = {
    compilerOptions: {
      module: 'node16',
      moduleResolution: 'node16',
      target: 'es2022',
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: ['node'],
    },
    files: ['consumer.mts'],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
  cpSync(join(ROOT, 'node_modules/@types/node'), join(dir, 'node_modules/@types/node'), { recursive: true });
  for (const dep of ['undici-types'])
    if (!existsSync(join(dir, 'node_modules', dep)))
      cpSync(join(ROOT, 'node_modules', dep), join(dir, 'node_modules', dep), { recursive: true });
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (tsc.status !== 0) fail(`the declarations do not type-check in a consumer:\n${tsc.stdout}${tsc.stderr}`);
}

try {
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'a-shop', private: true, allowScripts: { 'better-sqlite3': true, '@scarf/scarf': false } }),
  );
  // better-sqlite3 builds from source here (no prebuilt binary can be downloaded): on every core, within 20 minutes
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', tarball], {
    cwd: dir,
    stdio: 'inherit',
    timeout: 1_200_000,
    env: { ...process.env, JOBS: 'max' },
  });
  if (install.status !== 0) fail('npm install of the tarball failed');
  checkHelp();
  checkLibrary();
  const child = spawn('npx', ['paytoken-sandbox', '--db', './sandbox.db', '--port', '0'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  started = child.pid;
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const base = String((await lines.next()).value ?? '');
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(base)) fail(`first line is not the base URL: ${base}`);
  const { merchantId, privateKey, publicKey } = SANDBOX_DEFAULTS;
  const merchant = await fetch(`${base}/v1/${merchantId}`, { headers: basic(privateKey) });
  const card = { card_number: '4111111111111111', holder_name: 'Ana', expiration_month: '12', expiration_year: '40', cvv2: '123' };
  const token = await fetch(`${base}/v1/${merchantId}/tokens`, {
    method: 'POST',
    headers: { ...basic(publicKey), 'Content-Type': 'application/json' },
    body: JSON.stringify(card),
  });
  const frame = await fetch(`${base}/fields/v1/frame.html`);
  const openapi = await fetch(`${base}/openapi.json`);
  const statuses = [merchant.status, token.status, frame.status, openapi.status];
  if (statuses.join() !== '200,201,200,200') fail(`answers ${statuses.join(', ')}, expected 200, 201, 200, 200`);
  if (!existsSync(join(dir, 'sandbox.db'))) fail('no data file at ./sandbox.db');
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  stopGroup(child.pid!);
  started = undefined;
  await exited;
  const closed = await fetch(`${base}/openapi.json`).then(
    () => false,
    () => true,
  );
  if (!closed) fail('still answering after SIGTERM');
  console.log(
    `sandbox-install: installed; --help; startSandbox() charged and rendered a PDF; declarations type-check; the CLI answered (merchant, token, frame, OpenAPI), kept ./sandbox.db, stopped`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
