/**
 * Helpers of the device-data unit tests (happy-dom): stubbing browser properties as own properties, and fake
 * canvases, WebGL contexts and audio contexts whose behaviour each test chooses.
 */
import { afterEach, vi } from 'vitest';

const restores: (() => void)[] = [];

/**
 * Defines `key` on `obj` as an own enumerable property (as a script's assignment makes it) with `value`, or with a
 * getter when `get` is given (to make a read throw, say); undone after each test.
 */
export function stub(obj: object, key: PropertyKey, value: unknown, get?: () => unknown): void {
  const before = Object.getOwnPropertyDescriptor(obj, key);
  Object.defineProperty(
    obj,
    key,
    get ? { get, configurable: true, enumerable: true } : { value, configurable: true, writable: true, enumerable: true },
  );
  restores.push(() => (before ? Object.defineProperty(obj, key, before) : delete (obj as Record<PropertyKey, unknown>)[key]));
}

afterEach(() => {
  while (restores.length) restores.pop()!();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A browser as an ordinary person has it: no automation traces (happy-dom has webdriver true and no plugins). */
export function ordinaryBrowser(): void {
  stub(navigator, 'webdriver', false);
  stub(navigator, 'userAgent', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36');
  stub(navigator, 'plugins', { length: 5 });
  stub(navigator, 'language', 'es-MX');
  stub(navigator, 'languages', ['es-MX', 'es', 'en']);
  stub(window, 'outerWidth', 1280);
  stub(window, 'outerHeight', 800);
}

/** A 2D context whose calls are recorded; `measureText` width comes from `widthOf(font)`. */
export function fake2d(widthOf: (font: string) => number = () => 100) {
  const calls: string[] = [];
  const ctx = {
    font: '',
    fillStyle: '',
    arc: () => calls.push('arc'),
    fill: () => calls.push('fill'),
    fillText: (t: string) => calls.push(`fillText ${t}`),
    measureText() {
      return { width: widthOf(this.font) };
    },
  };
  return { ctx, calls };
}

/**
 * Makes `document.createElement('canvas')` return fake canvases: `getContext(kind)` answers `contexts[kind]`
 * (null when absent), `toDataURL()` calls `dataUrl()`. Other elements are created as usual.
 */
export function fakeCanvas(contexts: Record<string, unknown>, dataUrl: () => string = () => 'data:image/png;base64,AAAA') {
  const create = document.createElement.bind(document);
  const made: { getContext: ReturnType<typeof vi.fn> }[] = [];
  vi.spyOn(document, 'createElement').mockImplementation(((tag: string) => {
    if (tag !== 'canvas') return create(tag);
    const canvas = { width: 300, height: 150, getContext: vi.fn((kind: string) => contexts[kind] ?? null), toDataURL: vi.fn(dataUrl) };
    made.push(canvas);
    return canvas;
  }) as typeof document.createElement);
  return made;
}

/** A DOMException-like error with `name`, as browsers throw (`SecurityError`, `NotAllowedError`). */
export const domError = (name: string) => Object.assign(new Error(`${name} from the test`), { name });
