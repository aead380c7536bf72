// @vitest-environment node
/**
 * The architecture, held by a test: `src/` is layered, imports point down only, and there is no import circle
 * (docs/architecture.md). Reads every `import`/`export ... from` of `src/` and `demo/` (type-only imports included:
 * a type import is still a dependency between layers).
 *
 * Layers, lowest first: card (pure rules) < testing (the test-card catalogue and driver helpers, Node only) < types (spec resources) < errors < fields (the field engine) < http
 * (transport) < fraud (device data) < form (on-page form layer) < hosted (hosted fields) < react (the React
 * binding, which imports the package by its name, `paytoken`); the entry files at the root of `src/` (client.ts,
 * index.ts, classic.ts and the script-tag entries browser.ts and checkout.ts) sit above them all.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

export const LAYERS = ['card', 'testing', 'types', 'errors', 'fields', 'http', 'fraud', 'form', 'hosted', 'react'] as const;

const ROOT = resolve(import.meta.dirname, '../..');
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (n === 'node_modules' || n === 'dist') return [];
    return statSync(p).isDirectory() ? walk(p) : /\.(ts|tsx)$/.test(n) ? [p] : [];
  });

/** Every relative import of a file, resolved to a file path (or the raw specifier when it resolves to none). */
function importsOf(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  const specs = [
    ...src.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)|^import\s+'([^']+)'/gm),
  ].map((m) => m[1] ?? m[2] ?? m[3]!);
  return specs
    .filter((s) => s.startsWith('.'))
    .map((s) => {
      const base = resolve(dirname(file), s);
      for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
        try {
          if (statSync(c).isFile()) return c;
        } catch {
          /* next */
        }
      }
      return base;
    });
}

const rel = (p: string) => relative(ROOT, p);
const srcFiles = walk(join(ROOT, 'src'));
const demoFiles = [...walk(join(ROOT, 'demo')), ...walk(join(ROOT, 'sandbox/src'))];
const graph = new Map([...srcFiles, ...demoFiles].map((f) => [f, importsOf(f)]));

/** The layer of a file under src/: its first folder, or 'entry' for the files at the root of src/. */
const layerOf = (file: string) => {
  const parts = rel(file).split('/');
  return parts.length === 2 ? 'entry' : parts[1]!;
};
const rank = (layer: string) => (layer === 'entry' ? LAYERS.length : LAYERS.indexOf(layer as (typeof LAYERS)[number]));

describe('layers of src/', () => {
  it('every folder of src/ is a known layer', () => {
    const folders = new Set(srcFiles.map(layerOf));
    for (const f of folders) expect(rank(f), `src/${f}/ is not in LAYERS`).toBeGreaterThanOrEqual(0);
  });

  it('imports point down only: no layer imports a higher one', () => {
    const upward: string[] = [];
    for (const f of srcFiles) {
      for (const t of graph.get(f)!) {
        if (!t.startsWith(join(ROOT, 'src'))) continue;
        if (rank(layerOf(t)) > rank(layerOf(f))) upward.push(`${rel(f)} -> ${rel(t)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('no two folders of src/ import each other', () => {
    const edges = new Set<string>();
    for (const f of srcFiles)
      for (const t of graph.get(f)!)
        if (t.startsWith(join(ROOT, 'src')) && layerOf(t) !== layerOf(f)) edges.add(`${layerOf(f)}>${layerOf(t)}`);
    const mutual = [...edges].filter((e) => edges.has(e.split('>').reverse().join('>')));
    expect(mutual).toEqual([]);
  });

  it('nothing in src/ imports demo/, scripts/ or a server-only module', () => {
    const bad: string[] = [];
    for (const f of srcFiles) {
      for (const t of graph.get(f)!) if (!t.startsWith(join(ROOT, 'src'))) bad.push(`${rel(f)} -> ${rel(t)}`);
      const src = readFileSync(f, 'utf8');
      for (const m of src.matchAll(/from\s*'((?:node:|zod|hono)[^']*)'/g)) bad.push(`${rel(f)} -> ${m[1]}`);
    }
    expect(bad).toEqual([]);
  });
});

/**
 * Field state, formatting and error mapping live in the engine (src/fields/) alone: the modes that show fields
 * (the on-page form layer, the hosted frames) take card rules from it, never from src/card/ directly, apart from
 * the types and the id rules (a 3-D Secure resource id is no field).
 */
const ENGINE_USERS = /^src\/(form|hosted\/frame)\//;
const CARD_IMPORTS_ALLOWED = /^src\/card\/(types|ids)\.ts$/;
const cardImportsOutsideEngine = (files: string[]) =>
  files
    .filter((f) => ENGINE_USERS.test(rel(f)))
    .flatMap((f) =>
      graph
        .get(f)!
        .filter((t) => rel(t).startsWith('src/card/') && !CARD_IMPORTS_ALLOWED.test(rel(t)))
        .map((t) => `${rel(f)} -> ${rel(t)}`),
    );

describe('one field engine', () => {
  it('no module of src/form/ or src/hosted/frame/ computes field state outside the engine (no card rule imported)', () => {
    expect(cardImportsOutsideEngine(srcFiles)).toEqual([]);
  });

  it('finds a form module that takes a card rule directly (the check can fail)', () => {
    const fake = join(ROOT, 'src/form/__fake.ts');
    graph.set(fake, [join(ROOT, 'src/card/pan.ts'), join(ROOT, 'src/card/types.ts')]);
    try {
      expect(cardImportsOutsideEngine([fake])).toEqual(['src/form/__fake.ts -> src/card/pan.ts']);
    } finally {
      graph.delete(fake);
    }
  });
});

describe('the React binding (src/react/)', () => {
  it('imports only its own files, the package by its name (`paytoken`: one copy in an app) and React', () => {
    const bad: string[] = [];
    for (const f of srcFiles.filter((file) => layerOf(file) === 'react')) {
      for (const t of graph.get(f)!) if (layerOf(t) !== 'react') bad.push(`${rel(f)} -> ${rel(t)}`);
      for (const m of readFileSync(f, 'utf8').matchAll(/from\s*'([^'.][^']*)'/g))
        if (!/^(paytoken|react)$/.test(m[1]!)) bad.push(`${rel(f)} -> ${m[1]}`);
    }
    expect(srcFiles.some((f) => layerOf(f) === 'react')).toBe(true);
    expect(bad).toEqual([]);
  });
});

/**
 * The sandbox's layers (docs/architecture.md, "The sandbox"): routes -> services -> domain; services -> store and
 * events. A route parses, calls a service and renders a view: it never reads the store, writes an event or moves a
 * status. The domain is pure: no HTTP, no storage, no clock. Nothing below HTTP imports the HTTP layer.
 */
const SANDBOX = 'sandbox/src/';
const sandboxFiles = demoFiles.filter((f) => rel(f).startsWith(SANDBOX));
const part = (file: string) => rel(file).slice(SANDBOX.length);
const isRoute = (file: string) => /^(resources\/[^/]+\/routes|simulate\/routes)\.ts$/.test(part(file));
const FORBIDDEN: readonly [RegExp, RegExp, string][] = [
  [
    /^(resources\/[^/]+\/routes|simulate\/routes)\.ts$/,
    /^(store|events)\/|^domain\/transaction\.ts$/,
    'a route reads the store, writes events or moves a status',
  ],
  // sandbox/src/time/dates.ts is calendar arithmetic, no clock: the billing dates of sandbox/src/domain/subscription.ts count months with it
  [
    /^domain\//,
    /^(store|events|http|resources|simulate|pages|fraud)\/|^time\/(?!dates\.ts$)|^(app|server|cli|env|jobs)\.ts$/,
    'the domain is pure',
  ],
  [/^store\//, /^(resources|http|events|simulate|pages)\//, 'the store knows no service, route or event delivery'],
  [/^(store|domain|events|time|fraud)\//, /^http\/(?!validate|errors)/, 'nothing below HTTP imports the HTTP layer'],
  [/^resources\/[^/]+\/(?!routes)[^/]+\.ts$/, /^resources\/[^/]+\/routes\.ts$/, 'a service imports a route'],
  [/^pages\/dashboard\/(?!service\.ts$)/, /^(store|events)\//, 'a dashboard page reads only through services'],
];

/** The layer rules a set of files breaks, one line per offending import. */
const sandboxViolations = (files: string[]) =>
  files.flatMap((f) =>
    graph
      .get(f)!
      .flatMap((t) =>
        FORBIDDEN.filter(([from, to]) => from.test(part(f)) && rel(t).startsWith(SANDBOX) && to.test(part(t))).map(
          ([, , why]) => `${rel(f)} -> ${rel(t)}: ${why}`,
        ),
      ),
  );

describe("the sandbox's layers", () => {
  it('routes -> services -> domain; services -> store and events; the domain pure', () => {
    expect(sandboxFiles.filter(isRoute).length).toBeGreaterThan(5);
    expect(sandboxViolations(sandboxFiles)).toEqual([]);
  });

  it('no route or dashboard page touches the store through its dependencies (`d.store`) or sets a status', () => {
    const bad = sandboxFiles
      .filter((f) => isRoute(f) || /^pages\/dashboard\/(?!service\.ts$)/.test(part(f)))
      .filter((f) => /\bd\.store\b|\.status\s*=[^=]|\bmoveTo\(|\btransition\(/.test(readFileSync(f, 'utf8')));
    expect(bad.map(rel)).toEqual([]);
  });

  it('finds a route that imports the store (the check can fail)', () => {
    const fake = join(ROOT, 'sandbox/src/resources/fake/routes.ts');
    graph.set(fake, [join(ROOT, 'sandbox/src/store/index.ts')]);
    try {
      expect(sandboxViolations([fake])).toEqual([
        'sandbox/src/resources/fake/routes.ts -> sandbox/src/store/index.ts: a route reads the store, writes events or moves a status',
      ]);
    } finally {
      graph.delete(fake);
    }
  });
});

describe('no import circle', () => {
  /** Every cycle of the file graph, as a list of files (Tarjan's strongly connected components of size > 1). */
  function cycles(files: string[]): string[][] {
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const on = new Set<string>();
    const out: string[][] = [];
    let i = 0;
    const visit = (v: string) => {
      index.set(v, i);
      low.set(v, i++);
      stack.push(v);
      on.add(v);
      for (const w of graph.get(v) ?? []) {
        if (!graph.has(w)) continue;
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) === index.get(v)) {
        const scc: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          on.delete(w);
          scc.push(rel(w));
        } while (w !== v);
        if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.sort());
      }
    };
    for (const f of files) if (!index.has(f)) visit(f);
    return out;
  }

  it('in src/', () => expect(cycles(srcFiles)).toEqual([]));
  it('in demo/', () => expect(cycles(demoFiles)).toEqual([]));

  it('finds a circle when there is one (the check can fail)', () => {
    const a = join(ROOT, 'src/__a.ts');
    const b = join(ROOT, 'src/__b.ts');
    graph.set(a, [b]);
    graph.set(b, [a]);
    try {
      expect(cycles([a])).toEqual([['src/__a.ts', 'src/__b.ts']]);
    } finally {
      graph.delete(a);
      graph.delete(b);
    }
  });
});

describe('the sandbox package and its users', () => {
  const outside = (files: string[], root: string) =>
    files.flatMap((f) =>
      graph
        .get(f)!
        .filter((t) => !rel(t).startsWith(root))
        .map((t) => `${rel(f)} -> ${rel(t)}`),
    );

  it('sandbox/src reaches the library only through `paytoken/rules`, never a relative path out of its folder', () => {
    expect(sandboxFiles.length).toBeGreaterThan(100);
    expect(outside(sandboxFiles, SANDBOX)).toEqual([]);
  });

  it('demo/ reaches the sandbox only through its package entry (`paytoken-sandbox`)', () => {
    const demo = demoFiles.filter((f) => rel(f).startsWith('demo/'));
    expect(
      demo.flatMap((f) =>
        graph
          .get(f)!
          .filter((t) => rel(t).startsWith('sandbox/'))
          .map((t) => `${rel(f)} -> ${rel(t)}`),
      ),
    ).toEqual([]);
  });

  it('finds a sandbox file that imports the library by a relative path (the check can fail)', () => {
    const fake = join(ROOT, 'sandbox/src/__fake.ts');
    graph.set(fake, [join(ROOT, 'src/card/pan.ts')]);
    try {
      expect(outside([fake], SANDBOX)).toEqual(['sandbox/src/__fake.ts -> src/card/pan.ts']);
    } finally {
      graph.delete(fake);
    }
  });
});
