// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
/**
 * How the frame's first script loads its later one (src/hosted/frame/loader.ts): the URL the frame page names
 * (`data-later`), through the Trusted Types policy `paytoken-frame`, which makes that URL only; once, and again
 * after a failure; and a tokenization whose later part does not load fails as a network error (code 1004).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FrameContext, FrameLater } from '../../../../src/hosted/frame/context';
import { startTestFrame } from '../frame-harness';

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

/**
 * A frame context whose document has the page's `<script data-later>` and records the scripts added to its head
 * (nothing is fetched), and a window with Trusted Types (policies recorded).
 */
function frameWithPage() {
  const page = document.createElement('script');
  page.setAttribute('data-later', 'frame-later.js?v=0123456789ab');
  const added: { src?: string; onload?: () => void; onerror?: () => void }[] = [];
  const doc = {
    querySelector: (selector: string) => (selector === 'script[data-later]' ? page : null),
    createElement: (tag: string) => ({ tag }),
    head: { append: (element: (typeof added)[number]) => added.push(element) },
  };
  const policies: { name: string; rules: { createScriptURL(url: string): string } }[] = [];
  const trustedTypes = {
    createPolicy(name: string, rules: { createScriptURL(url: string): string }) {
      policies.push({ name, rules });
      return { createScriptURL: (url: string) => rules.createScriptURL(url) };
    },
  };
  const win = { trustedTypes } as unknown as Window & { PayTokenFrameLater?: unknown };
  return { frame: { win, doc } as unknown as FrameContext, win, policies, added };
}

describe('loadLaterScript', () => {
  it("adds a script for the page's data-later URL, made by the paytoken-frame policy (that URL only), and installs it on load", async () => {
    const { loadLaterScript } = await import('../../../../src/hosted/frame/loader');
    const { frame, win, policies, added } = frameWithPage();
    const later = { tokenize: vi.fn() } as unknown as FrameLater;
    const installLater = vi.fn(() => later);
    const loading = loadLaterScript(frame);
    const [script] = added;
    expect(script).toMatchObject({ tag: 'script', src: 'frame-later.js?v=0123456789ab' });
    expect(policies.map((p) => p.name)).toEqual(['paytoken-frame']);
    // whatever it is asked for, the policy makes that one URL
    expect(policies[0]!.rules.createScriptURL('https://evil.example/x.js')).toBe('frame-later.js?v=0123456789ab');
    win.PayTokenFrameLater = { installLater };
    script!.onload!();
    await expect(loading).resolves.toBe(later);
    expect(installLater).toHaveBeenCalledWith(frame);
  });

  it('rejects when the script does not load; laterOnce asks again on the next call, and only once while it loads', async () => {
    const { laterOnce } = await import('../../../../src/hosted/frame/loader');
    let calls = 0;
    const results = [Promise.reject(new Error('offline')), Promise.resolve({} as FrameLater)];
    const later = laterOnce({} as FrameContext, () => results[calls++]!);
    await expect(later()).rejects.toThrow('offline');
    const second = later();
    expect(later()).toBe(second);
    await expect(second).resolves.toEqual({});
    expect(calls).toBe(2);
  });
});

describe('a later part that does not load', () => {
  it('fails the tokenization as a network error (1004) with the shopper message, and the next one loads it again', async () => {
    let attempts = 0;
    const load = async (frame: FrameContext): Promise<FrameLater> => {
      if (++attempts < 3) throw new Error('offline'); // the idle load and the first tokenization's
      return (await import('../../../../src/hosted/frame/later')).installLater(frame);
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ id: 'tok_1' }), { status: 201 })),
    );
    const { sent, deliver, input } = await startTestFrame({ deviceData: false }, undefined, { load });
    await vi.waitFor(() => expect(attempts).toBe(1));
    input.value = '4111 1111 1111 1111';
    deliver({ t: 'tokenize', id: 1, holder_name: 'Ana Perez' });
    await vi.waitFor(() => expect(sent.at(-1)).toMatchObject({ t: 'fail', id: 1, fail: { type: 'network', code: '1004' } }));
    expect((sent.at(-1)!.fail as { text: string }).text).toMatch(/.+/);
    deliver({ t: 'tokenize', id: 2, holder_name: 'Ana Perez' });
    await vi.waitFor(() => expect(sent.at(-1)).toMatchObject({ t: 'token', id: 2 }));
  });
});
