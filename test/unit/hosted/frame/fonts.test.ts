// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
/**
 * Brand fonts (src/hosted/frame/fonts.ts): the `fonts` entries the frame accepts, each loaded whole with the
 * FontFace API (no `unicode-range`) before the frame says `ready`; a font that fails is named in `ready`, and a
 * refused entry is reported as a ConfigurationError naming it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkFonts } from '../../../../src/hosted/frame/fonts';
import { startTestFrame, type Sent } from '../frame-harness';

const WOFF2 = 'https://fonts.example/brand.woff2';

describe('checkFonts', () => {
  it.each<[string, unknown, string | undefined]>([
    ['a woff2 file', [{ family: 'Brand Sans', src: WOFF2 }], undefined],
    [
      'a woff file with a query, weight and style',
      [{ family: 'Brand', src: 'https://cdn.example/a/b.woff?v=2', weight: '700', style: 'italic' }],
      undefined,
    ],
    ['not a list', { family: 'x', src: WOFF2 }, 'fonts'],
    ['five fonts', Array.from({ length: 5 }, () => ({ family: 'x', src: WOFF2 })), 'fonts'],
    ['plain http', [{ family: 'x', src: 'http://fonts.example/a.woff2' }], 'fonts[0].src'],
    ['a TrueType file', [{ family: 'x', src: 'https://fonts.example/a.ttf' }], 'fonts[0].src'],
    ['a data: URL', [{ family: 'x', src: 'data:font/woff2;base64,AAAA' }], 'fonts[0].src'],
    ['a family that could leave the name', [{ family: 'x"; src: url(//evil)', src: WOFF2 }], 'fonts[0].family'],
    ['a weight out of range', [{ family: 'x', src: WOFF2, weight: '950' }], 'fonts[0].weight'],
    ['an oblique style', [{ family: 'x', src: WOFF2, style: 'oblique 10deg' }], 'fonts[0].style'],
    ['null', [null], 'fonts[0]'],
  ])('%s', (_, fonts, refusedAt) => {
    const refused: string[] = [];
    const accepted = checkFonts(fonts, (where) => refused.push(where));
    expect(refused[0]).toBe(refusedAt);
    if (!refusedAt) expect(accepted).toEqual(fonts);
  });

  it('undefined is no fonts, and no refusal', () => {
    expect(checkFonts(undefined, () => expect.unreachable())).toEqual([]);
  });
});

describe('fonts in the frame', () => {
  const faces: { family: string; source: string; descriptors: Record<string, string> }[] = [];
  const loads = new Map<string, { resolve: () => void; reject: () => void }>();
  beforeEach(() => {
    vi.resetModules();
    faces.length = 0;
    vi.stubGlobal(
      'FontFace',
      class {
        constructor(
          readonly family: string,
          readonly source: string,
          readonly descriptors: Record<string, string>,
        ) {
          faces.push({ family, source, descriptors });
        }
        load() {
          return new Promise((resolve, reject) => loads.set(this.family, { resolve: () => resolve(this), reject }));
        }
      },
    );
    Object.defineProperty(document, 'fonts', { configurable: true, value: { add: vi.fn() } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says ready only once every font has loaded or failed, naming the failed ones; each file whole, no unicode-range', async () => {
    const sent: Sent[] = [];
    const fonts = [
      { family: 'Brand Sans', src: WOFF2, weight: '400' },
      { family: 'Brand Mono', src: 'https://fonts.example/mono.woff' },
    ];
    await startTestFrame({ deviceData: false, fonts, style: { base: { fontFamily: 'Brand Sans, system-ui' } } }, (m) => sent.push(m), {
      field: 'card',
    });
    // the later part (which loads the fonts) arrives first: ready waits for both
    await vi.waitFor(() => expect(faces).toHaveLength(2));
    expect(faces.map((f) => [f.family, f.source])).toEqual([
      ['Brand Sans', `url("${WOFF2}")`],
      ['Brand Mono', 'url("https://fonts.example/mono.woff")'],
    ]);
    for (const face of faces) expect(face.descriptors).not.toHaveProperty('unicodeRange');
    expect(sent.map((m) => m.t)).not.toContain('ready');
    loads.get('Brand Sans')!.resolve();
    loads.get('Brand Mono')!.reject();
    await vi.waitFor(() => expect(sent.find((m) => m.t === 'ready')).toMatchObject({ failedFonts: ['Brand Mono'] }));
    expect(document.fonts.add).toHaveBeenCalledOnce();
    expect(sent.find((m) => m.t === 'fail')).toBeUndefined(); // the declared family is allowed in the style
  });

  it('a refused entry is reported to the page as a ConfigurationError naming it; the rest still load', async () => {
    const sent: Sent[] = [];
    await startTestFrame(
      {
        deviceData: false,
        fonts: [
          { family: 'Ok', src: WOFF2 },
          { family: 'Bad', src: 'https://x.example/a.otf' },
        ],
      },
      (m) => sent.push(m),
      { field: 'card' },
    );
    await vi.waitFor(() =>
      expect(sent.find((m) => m.t === 'fail')).toMatchObject({ id: 0, fail: { type: 'configuration', code: 'fonts[1].src' } }),
    );
    expect(faces.map((f) => f.family)).toEqual(['Ok']);
    loads.get('Ok')!.resolve();
    await vi.waitFor(() => expect(sent.find((m) => m.t === 'ready')).toBeDefined());
    expect(sent.find((m) => m.t === 'ready')).not.toHaveProperty('failedFonts');
  });

  it('a style naming an undeclared web font is still refused', async () => {
    const sent: Sent[] = [];
    await startTestFrame({ deviceData: false, style: { base: { fontFamily: 'Brand Sans' } } }, (m) => sent.push(m), { field: 'card' });
    expect(sent.find((m) => m.t === 'fail')).toMatchObject({ fail: { code: 'style.base.fontFamily' } });
  });
});
