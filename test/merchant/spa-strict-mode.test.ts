// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
/**
 * The SPA example's checkout (demo/spa/src/App.tsx) in React's development build, where StrictMode runs every
 * effect twice (mount, cleanup, mount): the card element its provider (paytoken/react) mounts after the effects
 * is mounted once (one frame, one `message` listener ever added), and none is left once the route leaves the
 * checkout. (The e2e tests,
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

it('StrictMode (development build: effects run twice) and route changes leave one card element frame and one live listener', async () => {
  // every `message` listener added, with the signal that removes it
  const signals: AbortSignal[] = [];
  const add = window.addEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation(
    (type: string, fn: EventListenerOrEventListenerObject, opts?: boolean | AddEventListenerOptions) => {
      if (type === 'message' && typeof opts === 'object' && opts.signal) signals.push(opts.signal);
      add(type, fn, opts);
    },
  );
  const live = () => signals.filter((s) => !s.aborted).length;
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  // the provider mounts in a microtask after the effects: an async act lets it happen
  const click = (name: RegExp) => act(async () => button(name).click());
  act(() => root!.render(createElement(StrictMode, null, createElement(App))));

  await click(/^Ir a pagar$/);
  // StrictMode ran the effects twice: the provider mounted the card element once
  expect(signals.length).toBe(1);
  expect(live()).toBe(1);
  const frames = [...document.querySelectorAll('iframe')];
  expect(frames.map((f) => f.parentElement!.id)).toEqual(['spa-card']);
  const first = frames[0]!;
  expect(new URLSearchParams(new URL(first.src).hash.slice(1)).get('f')).toBe('card');
  expect(first.title).toBe('Datos de la tarjeta');
  // the page has no card input of its own (no cc-* autocomplete a script could attach hidden inputs to)
  expect(document.querySelectorAll('input[autocomplete^="cc-"]')).toHaveLength(0);

  // away from the checkout: the frame and the listener go; back: one frame again, on a new channel
  await click(/^Volver al carrito$/);
  expect(document.querySelectorAll('iframe')).toHaveLength(0);
  expect(live()).toBe(0);
  await click(/^Ir a pagar$/);
  expect(document.querySelectorAll('iframe')).toHaveLength(1);
  expect(live()).toBe(1);
  const channel = (f: HTMLIFrameElement) => new URLSearchParams(new URL(f.src).hash.slice(1)).get('ch');
  const again = document.querySelector<HTMLIFrameElement>('#spa-card iframe')!;
  expect(channel(again)).toBeTruthy();
  expect(channel(again)).not.toBe(channel(first));

  // the language switch reaches the mounted element (its title from the app's label), without a remount
  await click(/^English$/);
  expect(document.querySelector<HTMLIFrameElement>('#spa-card iframe')).toBe(again);
  expect(again.title).toBe('Card details');
  expect(signals.filter((s) => !s.aborted)).toHaveLength(1);
  expect(signals.length).toBe(2);
});
