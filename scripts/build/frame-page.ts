/**
 * The hosted-field frame's files (`vite build --mode fields` -> `dist/fields/`): the frame page carries its first
 * script and its style inline, so a frame is one request; the later script is a file of its own, loaded by the
 * first after `ready` (src/hosted/frame/loader.ts) and cached for good under its version.
 * - `frame.html`: src/hosted/frame/frame.html with frame.css (minified) in its `<style>` and the first script
 *   (`startFrame()` of src/hosted/frame/index.ts, minified) in its `<script data-later="frame-later.js?v=...">`:
 *   at the end of the body, it runs as soon as the parser reaches it (the input above it is parsed by then);
 * - `frame-later.js`: src/hosted/frame/later.ts, minified, defining the global `PayTokenFrameLater`;
 * - `frame-csp.json`: the hashes the frame page's CSP allows its inline script and style by (`script-src`,
 *   `style-src`), for the server that sends the page (sandbox/src/pages/fields.ts; docs/hosted-fields.md).
 *
 * The later script carries no copy of a module the first script holds: it reads those modules from the first
 * script's global `PayTokenFrame` (one instance of each, so their state, the `device_session_id`, is one too).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { minify, type ManglePropertiesOptions, type MinifyOptions } from 'terser';
import { build, type Plugin, type Rollup } from 'vite';

/** The version of a frame file in a URL (`frame-later.js?v=...`): the first 12 hex digits of its SHA-256. */
export const fileVersion = (content: string): string => createHash('sha256').update(content).digest('hex').slice(0, 12);

/** A CSP hash source of an inline script or style: `'sha256-<base64 of the SHA-256 of its text>'`. */
export const cspHash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** What `frame-csp.json` holds: the hash source of each inline element, by CSP directive. */
export interface FrameCsp {
  'script-src': string[];
  'style-src': string[];
}

const frameFile = (file: string) => fileURLToPath(new URL(`../../src/hosted/frame/${file}`, import.meta.url));
/** Module ids of the later script's imports from the first script: `paytoken-frame:<key>`, read as `PayTokenFrame.<key>`. */
const SHARED = 'paytoken-frame:';

/** Bundles one IIFE (not minified) of `entry`, with `plugins`; returns its chunk. */
async function bundle(entry: string, name: string, plugins: Plugin[] = [], globals?: (id: string) => string): Promise<Rollup.OutputChunk> {
  const out = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      write: false,
      minify: false,
      target: 'es2020',
      lib: { entry, formats: ['iife'], name, fileName: () => `${name}.js` },
      rolldownOptions: globals ? { output: { globals } } : {},
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  return [out].flat()[0]!.output[0];
}

/** One import of the later script's modules: who imports, from which module, which names (`*`: all of it). */
type Import = { importer: string; module: string; names: string[] };

/** Every import between the modules of the later script (read from their code as bundled, types gone). */
async function laterImports(): Promise<Import[]> {
  type Specifier = { type: string; imported?: { name?: string; value?: string }; local?: { name?: string } };
  const nameOf = (s: Specifier) =>
    s.type === 'ImportDefaultSpecifier'
      ? 'default'
      : s.type === 'ImportNamespaceSpecifier'
        ? '*'
        : s.type === 'ExportSpecifier'
          ? String(s.local?.name)
          : String(s.imported?.name ?? s.imported?.value);
  const imports: Import[] = [];
  const record: Plugin = {
    name: 'paytoken-frame-imports',
    async transform(code, importer) {
      for (const node of this.parse(code).body) {
        const source = 'source' in node && node.source ? (node.source as { value: unknown }).value : undefined;
        const module = typeof source === 'string' ? (await this.resolve(source, importer))?.id : undefined;
        if (!module) continue;
        const specifiers = 'specifiers' in node ? (node.specifiers as Specifier[]) : [];
        imports.push({ importer, module, names: node.type === 'ExportAllDeclaration' ? ['*'] : specifiers.map(nameOf) });
      }
      return null;
    },
  };
  await bundle(frameFile('later.ts'), 'PayTokenFrameLater', [record]);
  return imports;
}

/**
 * The modules the later script takes from the first: those the first script holds with every binding the later
 * one imports from them (so the first script grows by none of their code), found by elimination (a module the
 * later script carries itself imports its own copies). @returns the bindings to share, by module.
 */
function sharedModules(first: Rollup.OutputChunk, imports: Import[]): Map<string, Set<string>> {
  const shared = new Map(Object.entries(first.modules).map(([id, m]) => [id, new Set(m.renderedExports)]));
  for (let changed = true; changed;) {
    changed = false;
    const needed = neededBindings(shared, imports);
    for (const [module, names] of needed) if ([...names].some((name) => !shared.get(module)!.has(name))) changed = shared.delete(module);
  }
  return neededBindings(shared, imports);
}

/** What the later script's own modules import from the `shared` ones. */
function neededBindings(shared: Map<string, Set<string>>, imports: Import[]): Map<string, Set<string>> {
  const needed = new Map<string, Set<string>>();
  for (const { importer, module, names } of imports)
    if (shared.has(module) && !shared.has(importer))
      for (const name of names) needed.set(module, (needed.get(module) ?? new Set()).add(name));
  return needed;
}

/** The later script, each shared module imported from the first script's global (`PayTokenFrame.m<n>`). */
async function bundleLater(shared: Map<string, Set<string>>, keys: Map<string, string>): Promise<string> {
  const external: Plugin = {
    name: 'paytoken-frame-shared',
    enforce: 'pre',
    async resolveId(source, importer) {
      const id = importer && (await this.resolve(source, importer, { skipSelf: true }))?.id;
      return id && shared.has(id) ? { id: `${SHARED}${keys.get(id)}`, external: true } : null;
    },
  };
  const chunk = await bundle(frameFile('later.ts'), 'PayTokenFrameLater', [external], (id) => `PayTokenFrame.${id.slice(SHARED.length)}`);
  return chunk.code;
}

/**
 * The first script: `startFrame()`, then the global `PayTokenFrame` holding, under each key, the bindings the later
 * script imports from that module (`PayTokenFrame.m<n>.<name>`).
 */
async function bundleFirst(shared: Map<string, Set<string>>, keys: Map<string, string>): Promise<string> {
  const entry = frameFile('first.virtual.js');
  const names = (path: string) => [...shared.get(path)!].map((name) => `${name} as ${keys.get(path)}_${name}`).join(', ');
  const members = (path: string) => [...shared.get(path)!].map((name) => `${name}: ${keys.get(path)}_${name}`).join(', ');
  const code = [
    `import { startFrame } from ${JSON.stringify(frameFile('index.ts'))};`,
    ...[...keys.keys()].map((path) => `import { ${names(path)} } from ${JSON.stringify(path)};`),
    'startFrame();',
    `self.PayTokenFrame = { ${[...keys].map(([path, key]) => `${key}: { ${members(path)} }`).join(', ')} };`,
  ].join('\n');
  const first: Plugin = {
    name: 'paytoken-frame-first',
    resolveId: (id) => (id === entry ? id : null),
    load: (id) => (id === entry ? code : null),
  };
  return (await bundle(entry, 'PayTokenFrame', [first])).code;
}

/** The script and style go inside their elements as they are: nothing in them may end the element early. */
function checkInline(text: string, what: string): string {
  if (/<\/(script|style)|<!--/i.test(text)) throw new Error(`frame page: the inline ${what} contains markup that would end it`);
  return text;
}

/**
 * The plugin of the `fields` mode: takes the modules of the first script the mode bundled (`frame.js`, not
 * minified), bundles the later script without them and the first script exporting what the later one imports,
 * minifies both with terser under one cache of shortened property names (the two share the frame's context
 * object, so a shortened name must be the same in both), and writes the frame's files.
 *
 * @param terserOptions the project's terser options (vite.config.ts), property mangling included.
 */
export function framePage(terserOptions: MinifyOptions): Plugin {
  return {
    name: 'paytoken-frame-page',
    async generateBundle(_, output) {
      const first = output['frame.js'];
      if (first?.type !== 'chunk') throw new Error('frame.js: no such chunk');
      delete output['frame.js'];
      const shared = sharedModules(first, await laterImports());
      const keys = new Map([...shared.keys()].map((path, i) => [path, `m${i}`]));
      const later = await bundleLater(shared, keys);
      const mangle = terserOptions.mangle as Exclude<MinifyOptions['mangle'], boolean | undefined>;
      const properties = { ...(mangle.properties as ManglePropertiesOptions), cache: {} } as ManglePropertiesOptions;
      const minified = async (code: string) => (await minify(code, { ...terserOptions, mangle: { ...mangle, properties } })).code!.trim();
      const laterCode = await minified(later);
      const script = checkInline(await minified(await bundleFirst(shared, keys)), 'script');
      const css = await transform(readFileSync(frameFile('frame.css'), 'utf8'), { loader: 'css', minify: true });
      const style = checkInline(css.code.trim(), 'style');
      const html = readFileSync(frameFile('frame.html'), 'utf8')
        .replace('<style></style>', () => `<style>${style}</style>`)
        .replace(
          '<script data-later="frame-later.js"></script>',
          () => `<script data-later="frame-later.js?v=${fileVersion(laterCode)}">${script}</script>`,
        );
      if (!html.includes(script) || !html.includes(style)) throw new Error('frame.html: no <style></style> or <script data-later> slot');
      const csp: FrameCsp = { 'script-src': [cspHash(script)], 'style-src': [cspHash(style)] };
      this.emitFile({ type: 'asset', fileName: 'frame.html', source: html });
      this.emitFile({ type: 'asset', fileName: 'frame-later.js', source: laterCode });
      this.emitFile({ type: 'asset', fileName: 'frame-csp.json', source: `${JSON.stringify(csp, null, 2)}\n` });
    },
  };
}
