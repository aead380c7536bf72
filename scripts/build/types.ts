/**
 * `npm run build:types` (part of `npm run build`): the package's declarations, each bundled into one file with
 * dts-bundle-generator, so they hold no relative import and resolve the same under every `moduleResolution`
 * (bundler, node16, nodenext):
 * - `dist/paytoken.d.ts`: the ESM entry (`import ... from 'paytoken'`), whatever `src/index.ts` exports;
 * - `dist/paytoken.iife.d.ts`: the script-tag build (`paytoken/paytoken.iife.js`), which exports nothing at run
 *   time and defines the global `PayToken`; its declaration says exactly that (`declare global { var PayToken }`,
 *   plus the callback argument types `ClassicSuccess` and `ClassicFailure` as type-only exports);
 * - `dist/paytoken-checkout.iife.d.ts`: the same for the checkout script tag (`paytoken/paytoken-checkout.iife.js`),
 *   whose global also has `form` and `authenticate`;
 * - `dist/react.d.ts`: the React binding (`paytoken/react`), which imports its types from `paytoken` and `react`
 *   (left as imports: one declaration of each type in an app); bundled after dist/paytoken.d.ts is written, as
 *   `paytoken` resolves to it (the package's own name, through its `exports`).
 * - `dist/paytoken-hosted.iife.d.ts`: the same for the hosted-fields script tag (`paytoken/paytoken-hosted.iife.js`),
 *   whose global has the setters and `fields.mount` only.
 * - `dist/rules.d.ts`: the card and request rules for servers (`paytoken/rules`, `src/rules.ts`).
 * - `dist/testing.d.ts` and `dist/testing-{playwright,puppeteer,webdriverio}.d.ts`: `paytoken/testing` and its
 *   driver modules (each whole: the drivers' types are shapes of their own, no import of a driver's package).
 * test/tooling/package.test.ts type-checks a consumer against the packed package under all three resolutions.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateDtsBundle } from 'dts-bundle-generator';

const root = resolve(import.meta.dirname, '../..');
process.chdir(root);

const TESTING = ['testing', 'testing-playwright', 'testing-puppeteer', 'testing-webdriverio'] as const;
const [esm, iife, checkout, hosted, rules, ...testing] = generateDtsBundle(
  [
    { filePath: 'src/index.ts', output: { noBanner: true, exportReferencedTypes: false } },
    { filePath: 'src/browser.ts', output: { noBanner: true, exportReferencedTypes: false } },
    { filePath: 'src/checkout.ts', output: { noBanner: true, exportReferencedTypes: false } },
    { filePath: 'src/hosted/browser.ts', output: { noBanner: true, exportReferencedTypes: false } },
    { filePath: 'src/rules.ts', output: { noBanner: true, exportReferencedTypes: false } },
    ...TESTING.map((name) => ({
      filePath: `src/testing/${name === 'testing' ? 'index' : name.slice('testing-'.length)}.ts`,
      output: { noBanner: true, exportReferencedTypes: false },
    })),
  ],
  { preferredConfigPath: 'tsconfig.build.json' },
);

/**
 * A script-tag declaration: the bundled entry (`src/browser.ts`, `src/checkout.ts`, `src/hosted/browser.ts`) whose default export becomes the
 * global `PayToken`. @param file the script tag's file name, for the global's docstring.
 */
export function globalDeclaration(bundle: string, file = 'paytoken.iife.js'): string {
  const exportDefault = /export \{\s*PayToken as default,?\s*\};?/;
  if (!/declare const PayToken:/.test(bundle) || !exportDefault.test(bundle)) {
    throw new Error('a script-tag entry no longer ends with `export default PayToken`: update scripts/build/types.ts');
  }
  return (
    bundle
      .replace(/declare const PayToken:/, 'declare const PayTokenApi:')
      .replace(
        exportDefault,
        [
          'declare global {',
          `\t/** The script-tag global that \`${file}\` defines (\`window.PayToken\`). */`,
          '\tvar PayToken: typeof PayTokenApi;',
          '}',
        ].join('\n'),
      ) + '\n'
  );
}

/**
 * The React binding's declaration, importing `paytoken`'s types rather than copying them. dts-bundle-generator
 * imports a package only from a `node_modules/` path, so `paytoken` resolves here to a copy of dist/paytoken.d.ts
 * laid out as an installed package (a temporary folder, removed after).
 */
function reactDeclaration(): string {
  const tmp = mkdtempSync(join(tmpdir(), 'paytoken-dts-'));
  try {
    mkdirSync(join(tmp, 'node_modules/paytoken'), { recursive: true });
    copyFileSync('dist/paytoken.d.ts', join(tmp, 'node_modules/paytoken/index.d.ts'));
    const config = join(tmp, 'tsconfig.json');
    const paths = { paytoken: [join(tmp, 'node_modules/paytoken/index.d.ts')] };
    writeFileSync(
      config,
      JSON.stringify({ extends: resolve('tsconfig.build.json'), compilerOptions: { paths }, include: [resolve('src/react')] }),
    );
    const entry = {
      filePath: 'src/react/index.ts',
      output: { noBanner: true, exportReferencedTypes: false },
      libraries: { importedLibraries: ['paytoken', 'react'] },
    };
    return generateDtsBundle([entry], { preferredConfigPath: config })[0]!;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

mkdirSync('dist', { recursive: true });
writeFileSync('dist/paytoken.d.ts', esm!);
writeFileSync('dist/paytoken.iife.d.ts', globalDeclaration(iife!));
writeFileSync('dist/paytoken-checkout.iife.d.ts', globalDeclaration(checkout!, 'paytoken-checkout.iife.js'));
writeFileSync('dist/paytoken-hosted.iife.d.ts', globalDeclaration(hosted!, 'paytoken-hosted.iife.js'));
writeFileSync('dist/react.d.ts', reactDeclaration());
writeFileSync('dist/rules.d.ts', rules!);
TESTING.forEach((name, i) => writeFileSync(`dist/${name}.d.ts`, testing[i]!));
console.log(
  'dist/paytoken.d.ts, dist/paytoken.iife.d.ts, dist/paytoken-checkout.iife.d.ts, dist/paytoken-hosted.iife.d.ts, dist/react.d.ts, dist/rules.d.ts, dist/testing*.d.ts written',
);
