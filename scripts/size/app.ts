// The one-line app that `npm run size` (scripts/size/size.ts) and the per-module breakdown (scripts/size/modules.ts)
// both measure: the ESM build bundled, tree-shaken and minified with esbuild, as an app's bundler would.
import { build, type BuildOptions } from 'esbuild';

export const ESM = new URL('../../dist/paytoken.js', import.meta.url).pathname;
/** The React binding's build (`paytoken/react`), which imports `paytoken` (resolved to {@link ESM}) and React. */
export const REACT = new URL('../../dist/react.js', import.meta.url).pathname;

/**
 * Bundles an app that imports `names` from dist/paytoken.js (`null`: everything it exports).
 * @param extra more esbuild options (a source map for the breakdown). @returns esbuild's output files.
 */
export async function bundleApp(names: string | null, extra: BuildOptions = {}, react = false) {
  let contents = names ? `export { ${names} } from ${JSON.stringify(ESM)};` : `export * from ${JSON.stringify(ESM)};`;
  // with the React binding: everything it exports too, React itself left out (the app has it whatever it pays with)
  if (react) {
    Object.assign(extra, { alias: { paytoken: ESM }, external: ['react', 'react-dom', 'react/jsx-runtime'] });
    contents += `export * from ${JSON.stringify(REACT)};`;
  }
  const out = await build({
    stdin: { contents, resolveDir: process.cwd(), loader: 'js', sourcefile: 'app.js' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
    ...extra,
  });
  return out.outputFiles!;
}
