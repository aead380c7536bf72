// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
/**
 * PayTokenProvider (src/react/provider.tsx): one frozen client configuration for its life; every container under it
 * in one mount; server markup hydrated, then mounted.
 */
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardNumberField, Cvv2Field, ExpiryField, PayTokenProvider } from 'paytoken/react';
import { chOf, CONFIG, fakeFrames, iframes, listeners } from './helpers';

fakeFrames();
afterEach(cleanup);
const settle = () => act(async () => {});
/** The settings a frame was given (its URL's fragment). */
const frameConfig = (f: HTMLIFrameElement) => JSON.parse(new URLSearchParams(new URL(f.src).hash.slice(1)).get('c')!);

function Checkout({ config = CONFIG }: { config?: typeof CONFIG }) {
  return (
    <PayTokenProvider config={config}>
      <div className="row">
        <CardNumberField id="pan" />
      </div>
      <section>
        <ExpiryField id="exp" />
        <Cvv2Field id="cvv" />
      </section>
    </PayTokenProvider>
  );
}

describe('PayTokenProvider', () => {
  it('mounts containers anywhere under it as one mount (one channel); the configuration is the first one, frozen', async () => {
    const view = render(<Checkout />);
    await settle();
    const frames = iframes();
    expect(frames).toHaveLength(3);
    expect(new Set(frames.map(chOf)).size).toBe(1);
    expect(frameConfig(frames[0]!)).toMatchObject({ merchantId: 'm1', publicKey: 'pk_test_1' });
    // a new config object (the same settings, or others) on a later render: nothing mounted again, the first kept
    view.rerender(<Checkout config={{ ...CONFIG, publicKey: 'pk_test_other' }} />);
    await settle();
    expect(iframes()).toEqual(frames);
    expect(frameConfig(iframes()[0]!).publicKey).toBe('pk_test_1');
  });

  it("hydrates server markup without a mismatch, then mounts one set of frames into the server's containers", async () => {
    const count = listeners();
    const html = renderToString(<Checkout />);
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    const pan = root.querySelector('#pan');
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    let hydrated: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      hydrated = hydrateRoot(
        root,
        <StrictMode>
          <Checkout />
        </StrictMode>,
        { onRecoverableError: recoverable },
      );
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(root.querySelector('#pan')).toBe(pan); // the server's element, hydrated
    expect(iframes().map((f) => f.parentElement!.id)).toEqual(['pan', 'exp', 'cvv']);
    expect(count.live()).toBe(1);
    act(() => hydrated!.unmount());
    expect(iframes()).toEqual([]);
    expect(count.live()).toBe(0);
    root.remove();
  });
});
