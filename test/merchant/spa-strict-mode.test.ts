// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
/**
 * The SPA example's checkout (demo/spa/src/App.tsx) in React's development build, where StrictMode runs every
 * effect twice (mount, cleanup, mount): the hosted fields its provider (paytoken/react) mounts after the effects
 * are mounted once (one set of frames, one `message` listener ever added), and none are left once the route leaves
 * the checkout. (The e2e tests,
 * e2e/spa.spec.ts, run the production build, where StrictMode does not double effects.) happy-dom loads no frames:
 * this checks the mounts, not the frames' work. `paytoken` and `paytoken/react` are the source here (the Vitest
 * aliases in vite.config.ts), the packed package in the built SPA.
 */
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { act, createElement, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

let App: typeof import('../../demo/spa/src/App').App;
let root: Root | undefined;

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // the page's settings, as the merchant backend writes them into demo/spa/index.html
  for (const [name, content] of [
    ['paytoken-merchant-id', 'mspa0strict0mode01'],
    ['paytoken-public-key', 'pk_spa_public'],
    ['paytoken-base-url', 'http://127.0.0.1:4010'],
    ['shop-amount', '349.00'],
  ]) {
    const m = document.createElement('meta');
    m.name = name!;
    m.content = content!;
    document.head.append(m);
  }
  ({ App } = await import('../../demo/spa/src/App'));
});

afterEach(() => {
  act(() => root?.unmount());
  vi.restoreAllMocks();
});

const button = (name: RegExp) => [...document.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''))!;

it('StrictMode (development build: effects run twice) and route changes leave one set of frames and one live listener', async () => {
  // every `message` listener added, with the signal that removes it
  const signals: AbortSignal[] = [];
  const add = window.addEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation((type: string, fn: EventListenerOrEventListenerObject, opts?: boolean | AddEventListenerOptions) => {
    if (type == 'message' && typeof opts == 'object' && opts.signal) signals.push(opts.signal);
    add(type, fn, opts);
  });
  const live = () => signals.filter((s) => !s.aborted).length;
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  // the provider mounts in a microtask after the effects: an async act lets it happen
  const click = (name: RegExp) => act(async () => button(name).click());
  act(() => root!.render(createElement(StrictMode, null, createElement(App))));

  await click(/^Ir a pagar$/);
  // StrictMode ran the effects twice: the provider mounted the fields once
  expect(signals.length).toBe(1);
  expect(live()).toBe(1);
  const frames = [...document.querySelectorAll('iframe')];
  expect(frames.map((f) => f.parentElement!.id)).toEqual(['spa-number', 'spa-expiry', 'spa-cvv']);
  expect(new Set(frames.map((f) => new URL(f.src).hash.match(/ch=(\w+)/)![1])).size).toBe(1);
  expect(frames[0]!.title).toBe('Número de tarjeta');

  // away from the checkout: the frames and the listener go; back: one set again
  await click(/^Volver al carrito$/);
  expect(document.querySelectorAll('iframe')).toHaveLength(0);
  expect(live()).toBe(0);
  await click(/^Ir a pagar$/);
  expect(document.querySelectorAll('iframe')).toHaveLength(3);
  expect(live()).toBe(1);

  // the language switch reaches the mounted fields (titles from the app's labels), without a remount
  await click(/^English$/);
  expect(document.querySelector<HTMLIFrameElement>('#spa-number iframe')!.title).toBe('Card number');
  expect(signals.filter((s) => !s.aborted)).toHaveLength(1);
  expect(signals.length).toBe(2);
});
