/**
 * What each engine's own accessibility tree says of an element, read through what its driver offers (never
 * computed from the DOM by a script of ours):
 * - Chromium: the DevTools protocol's `Accessibility.getFullAXTree` of the page or of the iframe's frame (the node
 *   whose `backendDOMNodeId` is the element's): role, name, description, `required`, `invalid`, `live`.
 * - Gecko: WebDriver BiDi `browsingContext.locateNodes` with an accessibility locator (puppeteer's `::-p-aria`):
 *   whether the engine finds the element under the expected role and name; BiDi gives no description or states.
 * - WebKit: W3C WebDriver's `GET /element/{id}/computedrole` and `/computedlabel`; no description or states.
 * What a driver does not give is left undefined (the record says so), never filled in from the DOM.
 */
import type { CDPSession, Page as PlaywrightPage } from 'playwright-core';
import type { Frame as PuppeteerFrame, Page as PuppeteerPage } from 'puppeteer-core';

/** One element as an engine's accessibility tree exposes it; `via` names the driver call that read it. */
export interface AxReading {
  role: string | null;
  name: string | null;
  description?: string;
  required?: boolean;
  invalid?: boolean;
  live?: string;
  via: string;
}

/** The role and name a test expects (Gecko's driver can only confirm them: it finds by role and name). */
export interface AxExpected {
  role: string;
  name: string;
}

/** A node of `Accessibility.getFullAXTree`. */
interface AxNode {
  backendDOMNodeId?: number;
  role?: { value: string };
  name?: { value: string };
  description?: { value: string };
  properties?: { name: string; value: { value: unknown } }[];
}

/** The remote object of `document.querySelector(selector)` in a context (the page's main world by default). */
async function remoteElement(cdp: CDPSession, selector: string, contextId?: number): Promise<string> {
  const expression = `document.querySelector(${JSON.stringify(selector)})`;
  const { result } = await cdp.send('Runtime.evaluate', contextId ? { expression, contextId } : { expression });
  if (!result.objectId) throw new Error(`no element ${selector}`);
  return result.objectId;
}

/** Chromium: the element `selector` (inside the iframe `frame`, when given) in the DevTools accessibility tree. */
export async function chromiumAx(page: PlaywrightPage, frame: string | null, selector: string): Promise<AxReading> {
  const cdp = await page.context().newCDPSession(page);
  try {
    let frameId: string | undefined;
    let contextId: number | undefined;
    if (frame) {
      const { node } = await cdp.send('DOM.describeNode', { objectId: await remoteElement(cdp, frame) });
      frameId = node.frameId!;
      ({ executionContextId: contextId } = await cdp.send('Page.createIsolatedWorld', { frameId, worldName: 'ax' }));
    }
    const { node } = await cdp.send('DOM.describeNode', { objectId: await remoteElement(cdp, selector, contextId) });
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree', frameId ? { frameId } : {})) as { nodes: AxNode[] };
    const ax = nodes.find((n) => n.backendDOMNodeId === node.backendNodeId);
    if (!ax) return { role: null, name: null, via: 'CDP Accessibility.getFullAXTree (not in the tree)' };
    const prop = (name: string) => ax.properties?.find((p) => p.name === name)?.value.value;
    const reading: AxReading = {
      role: ax.role?.value ?? null,
      name: ax.name?.value ?? null,
      description: ax.description?.value ?? '',
      required: prop('required') === true,
      invalid: prop('invalid') !== undefined && prop('invalid') !== 'false',
      via: 'CDP Accessibility.getFullAXTree',
    };
    if (prop('live') !== undefined) reading.live = String(prop('live'));
    return reading;
  } finally {
    await cdp.detach().catch(() => {});
  }
}

/** Gecko: whether the engine's accessibility tree finds the element `selector` under the expected role and name. */
export async function geckoAx(page: PuppeteerPage, frame: string | null, selector: string, expected: AxExpected): Promise<AxReading> {
  const scope: PuppeteerPage | PuppeteerFrame = frame ? ((await (await page.$(frame))?.contentFrame()) ?? page) : page;
  const attrs = `[role=${JSON.stringify(expected.role)}]` + (expected.name ? `[name=${JSON.stringify(expected.name)}]` : '');
  const found = await scope.$$(`::-p-aria(${attrs})`);
  let same = false;
  for (const handle of found) same ||= await handle.evaluate((el, sel) => el === document.querySelector(sel), selector);
  const via = 'WebDriver BiDi browsingContext.locateNodes (accessibility locator)';
  return same ? { ...expected, via } : { role: null, name: null, via: `${via}: not found as ${attrs}` };
}

/** WebKit: W3C WebDriver's computed role and label of an element reference (the session in the right frame). */
export async function webkitAx(get: (path: string) => Promise<unknown>, element: string): Promise<AxReading> {
  const [role, name] = await Promise.all([get(`/element/${element}/computedrole`), get(`/element/${element}/computedlabel`)]);
  return { role: String(role), name: String(name), via: 'WebDriver computedrole / computedlabel' };
}
