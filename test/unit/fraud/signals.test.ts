// @vitest-environment happy-dom
/**
 * Each signal collector of src/fraud/signals: the value it reads, and how it fails (no API, a refused read, a
 * throw). Failures are checked through the runner (`collectSignals`), which turns every outcome into a value or
 * a reason: no collector can throw past it.
 */
import { describe, expect, it, vi } from 'vitest';
import { collectSignals } from '../../../src/fraud/collect';
import { hash128 } from '../../../src/fraud/hash';
import { COLLECTORS } from '../../../src/fraud/signals/index';
import { audio } from '../../../src/fraud/signals/audio';
import { canvas, stablePng } from '../../../src/fraud/signals/canvas';
import { PROBE_FONTS, fonts } from '../../../src/fraud/signals/fonts';
import { deviceMemory, hardwareConcurrency } from '../../../src/fraud/signals/hardware';
import { languages } from '../../../src/fraud/signals/languages';
import { math } from '../../../src/fraud/signals/math';
import { MEDIA_QUERIES, media } from '../../../src/fraud/signals/media';
import { pixelRatio } from '../../../src/fraud/signals/pixel-ratio';
import { platform } from '../../../src/fraud/signals/platform';
import { screenSignal } from '../../../src/fraud/signals/screen';
import { storage } from '../../../src/fraud/signals/storage';
import { timezone } from '../../../src/fraud/signals/timezone';
import { touch } from '../../../src/fraud/signals/touch';
import { webgl } from '../../../src/fraud/signals/webgl';
import { domError, fake2d, fakeCanvas, stub } from './helpers';

/** Runs one collector through the runner. */
const run = async (name: string, collector: () => unknown) => collectSignals(500, { [name]: collector } as never);

/** matchMedia answering true for exactly `matching` (queries written as in the source, e.g. `(pointer:coarse)`). */
const mediaMatching = (...matching: string[]) =>
  vi.stubGlobal(
    'matchMedia',
    vi.fn((q: string) => ({ matches: matching.includes(q) })),
  );

describe('the registry', () => {
  it('has the fifteen documented signals, audio first (not awaited: the others start while it renders)', () => {
    expect(Object.keys(COLLECTORS)).toEqual([
      'audio',
      'screen',
      'device_pixel_ratio',
      'timezone',
      'languages',
      'hardware_concurrency',
      'device_memory',
      'platform',
      'touch',
      'media',
      'math',
      'storage',
      'canvas',
      'fonts',
      'webgl',
    ]);
  });
});

describe('screen, device pixel ratio, languages, hardware', () => {
  it('read the documented properties', () => {
    stub(screen, 'width', 1920);
    stub(screen, 'height', 1080);
    stub(screen, 'colorDepth', 30);
    stub(window, 'devicePixelRatio', 2.625);
    stub(navigator, 'languages', ['es-MX', 'en']);
    stub(navigator, 'hardwareConcurrency', 12);
    stub(navigator, 'deviceMemory', 8);
    expect(screenSignal()).toEqual([1920, 1080, 30]);
    expect(pixelRatio()).toBe(2.625);
    expect(languages()).toEqual(['es-MX', 'en']);
    expect(hardwareConcurrency()).toBe(12);
    expect(deviceMemory()).toBe(8);
  });

  it('an absent property is unsupported (deviceMemory outside Chromium, no hardwareConcurrency, no languages)', async () => {
    stub(navigator, 'hardwareConcurrency', undefined);
    stub(navigator, 'languages', undefined);
    expect(deviceMemory()).toBeUndefined(); // happy-dom, like Firefox and Safari, has none
    const r = await collectSignals(500, { device_memory: deviceMemory, hardware_concurrency: hardwareConcurrency, languages });
    expect(r.missing).toEqual({ device_memory: 'unsupported', hardware_concurrency: 'unsupported', languages: 'unsupported' });
    expect(r.signals).toEqual({});
  });

  it('a getter that throws is "threw", a SecurityError "blocked"', async () => {
    stub(screen, 'width', 0, () => {
      throw new TypeError('no screen');
    });
    stub(window, 'devicePixelRatio', 0, () => {
      throw domError('SecurityError');
    });
    expect((await collectSignals(500, { screen: screenSignal, device_pixel_ratio: pixelRatio })).missing).toEqual({
      screen: 'threw',
      device_pixel_ratio: 'blocked',
    });
  });
});

describe('timezone', () => {
  it('uses Temporal.Now.timeZoneId() when there is one, and the default locale of Intl.PluralRules', () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'America/Mexico_City' } });
    const dtf = vi.spyOn(Intl, 'DateTimeFormat');
    vi.spyOn(Intl.PluralRules.prototype, 'resolvedOptions').mockReturnValue({ locale: 'es-MX' } as Intl.ResolvedPluralRulesOptions);
    expect(timezone()).toEqual(['America/Mexico_City', 'es-MX']);
    expect(dtf).not.toHaveBeenCalled(); // its first use costs 40-60 ms in a fresh page
  });

  it('falls back to Intl.DateTimeFormat without Temporal', () => {
    expect((globalThis as { Temporal?: unknown }).Temporal).toBeUndefined();
    expect(timezone()).toEqual([Intl.DateTimeFormat().resolvedOptions().timeZone, new Intl.PluralRules().resolvedOptions().locale]);
  });
});

describe('platform (low-entropy client hints)', () => {
  it('navigator.platform and userAgentData platform, mobile, brand/version', () => {
    stub(navigator, 'platform', 'Linux x86_64');
    stub(navigator, 'userAgentData', {
      platform: 'Android',
      mobile: true,
      brands: [
        { brand: 'Chromium', version: '156' },
        { brand: 'Not.A/Brand', version: '99' },
      ],
      getHighEntropyValues: vi.fn(),
    });
    expect(platform()).toEqual(['Linux x86_64', ['Android', true, ['Chromium/156', 'Not.A/Brand/99']]]);
    expect(
      (navigator as unknown as { userAgentData: { getHighEntropyValues: () => void } }).userAgentData.getHighEntropyValues,
    ).not.toHaveBeenCalled();
  });

  it('null hints where the browser has none (Firefox, Safari)', () => {
    stub(navigator, 'platform', 'MacIntel');
    expect(platform()).toEqual(['MacIntel', null]);
  });
});

describe('touch and media queries', () => {
  it('touch: maxTouchPoints, ontouchstart', () => {
    stub(navigator, 'maxTouchPoints', 5);
    stub(window, 'ontouchstart', null);
    expect(touch()).toEqual([5, true]);
    stub(navigator, 'maxTouchPoints', 0);
    delete (window as { ontouchstart?: unknown }).ontouchstart;
    expect(touch()).toEqual([0, 'ontouchstart' in window]);
  });

  it('media: each query in the documented order', () => {
    expect(MEDIA_QUERIES).toEqual(['color-gamut:p3', 'prefers-reduced-motion:reduce', 'prefers-contrast:more']);
    mediaMatching('(color-gamut:p3)', '(prefers-contrast:more)');
    expect(media()).toEqual([true, false, true]);
    mediaMatching('(prefers-reduced-motion:reduce)');
    expect(media()).toEqual([false, true, false]);
  });

  it('without matchMedia it throws, and the runner reports it', async () => {
    vi.stubGlobal('matchMedia', undefined);
    expect((await collectSignals(500, { media, touch })).missing).toEqual({ media: 'threw' });
  });
});

describe('canvas', () => {
  /** A PNG data URL made of these chunks (type, data as a binary string), after the PNG signature; CRCs are not checked. */
  const png = (...chunks: [string, string][]) =>
    'data:image/png;base64,' +
    btoa(
      '\x89PNG\r\n\x1a\n' +
        chunks.map(([type, data]) => String.fromCharCode(0, 0, data.length >> 8, data.length & 255) + type + data + 'CRC!').join(''),
    );
  const IHDR: [string, string] = ['IHDR', '\0\0\0\xa0\0\0\0\x3c\x08\x06\0\0\0'];

  it("stablePng decodes the file and drops Firefox's deBG chunk (type, 16 data bytes, CRC), nothing else", () => {
    const plain = png(IHDR, ['IDAT', 'pixels\xff'], ['tEXt', 'x'], ['IEND', '']);
    expect(stablePng(plain)).toBe(atob(plain.slice(22)));
    const firefox = png(IHDR, ['IDAT', 'pixels\xff'], ['deBG', 'BB86ECC19860F2D2'], ['tEXt', 'x'], ['IEND', '']);
    // What remains of the chunk is its length (16), before the next chunk's length (1) and type.
    expect(stablePng(firefox)).toBe(atob(plain.slice(22)).replace('\0\0\0\x01tEXt', '\0\0\0\x10\0\0\0\x01tEXt'));
    expect(() => stablePng('data:image/png;base64,not base64!')).toThrow();
  });

  it('hash128 of the PNG of a 160 x 60 canvas, read twice and compared; text over a disc', async () => {
    const { ctx, calls } = fake2d();
    const file = png(IHDR, ['IDAT', 'PROBE'], ['IEND', '']);
    const made = fakeCanvas({ '2d': ctx }, () => file);
    expect(await canvas()).toBe(await hash128(atob(file.slice(22))));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ width: 160, height: 60 });
    expect((made[0] as unknown as { toDataURL: ReturnType<typeof vi.fn> }).toDataURL).toHaveBeenCalledTimes(2);
    expect(calls).toContain('arc');
    expect(calls.some((c) => c.startsWith('fillText'))).toBe(true);
    // Set in the fonts signal's fallback family, so that one font load serves both signals.
    expect(ctx.font).toBe('15px monospace');
  });

  it("a chunk beside the pixels that changes per session (Firefox's deBG) changes neither the hash nor stability", async () => {
    const session = (value: string) => {
      fakeCanvas({ '2d': fake2d().ctx }, () => png(IHDR, ['IDAT', 'PROBE'], ['deBG', value], ['IEND', '']));
      return run('canvas', canvas);
    };
    const [a, b] = [await session('BB86ECC19860F2D2'), await session('659AEBC728F3287A')];
    expect(a.signals.canvas).toBeDefined();
    expect(b.signals.canvas).toBe(a.signals.canvas);
    fakeCanvas({ '2d': fake2d().ctx }, () => png(IHDR, ['IDAT', 'OTHER'], ['deBG', 'BB86ECC19860F2D2'], ['IEND', '']));
    expect((await run('canvas', canvas)).signals.canvas).not.toBe(a.signals.canvas); // the pixels still count
  });

  it('different renderings (anti-fingerprinting noise in the pixels) are "unstable"', async () => {
    let n = 0;
    fakeCanvas({ '2d': fake2d().ctx }, () => png(IHDR, ['IDAT', `NOISE${n++}`], ['IEND', '']));
    expect((await run('canvas', canvas)).missing).toEqual({ canvas: 'unstable' });
  });

  it('a refused read (SecurityError from toDataURL) is "blocked"', async () => {
    fakeCanvas({ '2d': fake2d().ctx }, () => {
      throw domError('SecurityError');
    });
    expect((await run('canvas', canvas)).missing).toEqual({ canvas: 'blocked' });
  });

  it('no 2D context is "unsupported"', async () => {
    expect(document.createElement('canvas').getContext('2d')).toBeNull(); // happy-dom has no canvas
    expect((await run('canvas', canvas)).missing).toEqual({ canvas: 'unsupported' });
  });
});

describe('fonts', () => {
  it('a probe font is installed when its width differs from the monospace fallback', () => {
    // Text in DejaVu Sans and Ubuntu measures differently; every other probe font falls back to monospace.
    const widths: Record<string, number> = { '"DejaVu Sans"': 120, '"Ubuntu"': 118 };
    const { ctx } = fake2d((font) => widths[font.replace(/^72px (.*),monospace$/, '$1')] ?? 100);
    fakeCanvas({ '2d': ctx });
    expect(fonts()).toEqual(['DejaVu Sans', 'Ubuntu']);
    expect(PROBE_FONTS).toHaveLength(5);
  });

  it('no 2D context is "unsupported"; a throwing measureText is "threw"', async () => {
    expect((await run('fonts', fonts)).missing).toEqual({ fonts: 'unsupported' });
    fakeCanvas({
      '2d': {
        measureText: () => {
          throw new Error('blocked by an extension');
        },
      },
    });
    expect((await run('fonts', fonts)).missing).toEqual({ fonts: 'threw' });
  });
});

describe('webgl', () => {
  const glWith = (debugInfo: boolean) => {
    const params: Record<number, unknown> = {
      0x1f00: 'WebKit',
      0x1f01: 'WebKit WebGL',
      0x9245: 'Google Inc.',
      0x9246: 'ANGLE (SwiftShader)',
      0x0d33: 8192,
      0x84e8: 8192,
      0x8dfb: 4096,
      0x8dfd: 1024,
    };
    const gl = {
      getParameter: vi.fn((p: number) => params[p]),
      getExtension: vi.fn((name: string) => (name === 'WEBGL_debug_renderer_info' && debugInfo ? {} : null)),
    };
    return { gl };
  };

  it('unmasked vendor and renderer, then the limits; a 1 x 1 context without antialias, depth or stencil buffers', () => {
    const { gl } = glWith(true);
    const made = fakeCanvas({ webgl: gl });
    expect(webgl()).toEqual(['Google Inc.', 'ANGLE (SwiftShader)', 8192, 8192, 4096]);
    const c = made[0];
    expect(c).toMatchObject({ width: 1, height: 1 });
    expect(c!.getContext).toHaveBeenCalledWith('webgl', { antialias: false, depth: false, stencil: false });
  });

  it('VENDOR and RENDERER without WEBGL_debug_renderer_info', () => {
    fakeCanvas({ webgl: glWith(false).gl });
    expect(webgl()?.slice(0, 2)).toEqual(['WebKit', 'WebKit WebGL']);
  });

  it('no WebGL is "unsupported"; a throwing getParameter is "threw"', async () => {
    expect((await run('webgl', webgl)).missing).toEqual({ webgl: 'unsupported' });
    const { gl } = glWith(true);
    gl.getParameter.mockImplementation(() => {
      throw new Error('context lost');
    });
    fakeCanvas({ webgl: gl });
    expect((await run('webgl', webgl)).missing).toEqual({ webgl: 'threw' });
  });
});

describe('audio', () => {
  /** A fake OfflineAudioContext whose rendering gives `samples` (or never finishes). */
  function fakeAudio(samples: Float32Array | 'never') {
    const graph: string[] = [];
    class FakeOfflineAudioContext {
      destination = { node: 'destination' };
      constructor(...args: number[]) {
        graph.push(`ctx ${args.join(',')}`);
      }
      createDynamicsCompressor() {
        return { connect: (n: unknown) => (graph.push('comp->destination'), n) };
      }
      startRendering() {
        return samples === 'never' ? new Promise(() => {}) : Promise.resolve({ getChannelData: () => samples });
      }
    }
    // constructed with its options (type and frequency), as the collector does
    class FakeOscillatorNode {
      type: string;
      frequency: number;
      constructor(ctx: unknown, options: { type: string; frequency: number }) {
        if (!(ctx instanceof FakeOfflineAudioContext)) throw new TypeError('not an audio context');
        ({ type: this.type, frequency: this.frequency } = options);
      }
      connect = (n: unknown) => (graph.push('osc->comp'), n);
      start = () => graph.push(`osc ${this.type} ${this.frequency}`);
    }
    vi.stubGlobal('OfflineAudioContext', FakeOfflineAudioContext);
    vi.stubGlobal('OscillatorNode', FakeOscillatorNode);
    return graph;
  }

  it('sums |samples| 4500-4999 of a 10 kHz triangle through a compressor, 1 channel, 5000 frames, 44.1 kHz', async () => {
    const samples = new Float32Array(5000).map((_, i) => (i < 4500 ? 100 : i % 2 ? 0.25 : -0.5));
    const graph = fakeAudio(samples);
    expect(await audio()).toBe(250 * 0.25 + 250 * 0.5);
    expect(graph).toEqual(['ctx 1,5000,44100', 'osc->comp', 'comp->destination', 'osc triangle 10000']);
  });

  it('no OfflineAudioContext is "unsupported"; a throwing constructor "threw"; a rendering that never ends "timeout"', async () => {
    expect((await run('audio', audio)).missing).toEqual({ audio: 'unsupported' });
    vi.stubGlobal(
      'OfflineAudioContext',
      vi.fn(() => {
        throw new Error('AudioContext disabled');
      }),
    );
    expect((await run('audio', audio)).missing).toEqual({ audio: 'threw' });
    fakeAudio('never');
    expect((await collectSignals(30, { audio })).missing).toEqual({ audio: 'timeout' });
  });
});

describe('math and storage', () => {
  it('math: four engine-dependent results', () => {
    expect(math()).toEqual([Math.expm1(1), Math.sin(-1e300), Math.tan(-1e300), Math.pow(Math.PI, -100)]);
    expect(math().every(Number.isFinite)).toBe(true);
  });

  it('storage: availability only, a throwing getter counting as unavailable, nothing written', () => {
    stub(window, 'indexedDB', {});
    stub(window, 'sessionStorage', undefined, () => {
      throw domError('SecurityError');
    });
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    expect(storage()).toEqual([true, false, true]);
    expect(setItem).not.toHaveBeenCalled();
    expect(getItem).not.toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
  });
});
