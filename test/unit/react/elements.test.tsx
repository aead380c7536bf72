// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
/**
 * The container components of paytoken/react (src/react/elements.tsx) under a provider: one mount for all of
 * them, in StrictMode too; props passed through; event props that change without a remount; unmount cleans all.
 */
import { act, cleanup, render } from '@testing-library/react';
import { createRef, StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as paytoken from 'paytoken';
import { CardElement, CardNumberField, Cvv2Field, ExpiryField, HolderNameField, PayTokenProvider, type FieldProps } from 'paytoken/react';
import { chOf, CONFIG, deliver, FIELD_STATE, fakeFrames, iframeIn, iframes, listeners, posted, readyAll } from './helpers';

// mountFields as the package exports it, its calls recorded
vi.mock('paytoken', async (original) => {
  const real = await original<typeof import('paytoken')>();
  return { ...real, mountFields: vi.fn(real.mountFields) };
});
const mountFields = vi.mocked(paytoken.mountFields);

fakeFrames();
afterEach(() => {
  cleanup();
  mountFields.mockClear();
});
/** Lets the provider's mount (a microtask after the effects) happen. */
const settle = () => act(async () => {});

/** A split-field checkout: labels for the containers, the props of each field. */
function Split(props: { number?: FieldProps; expiry?: FieldProps; locale?: string; style?: paytoken.FieldsStyle; holder?: boolean }) {
  return (
    <PayTokenProvider config={CONFIG} options={{ locale: props.locale, style: props.style }}>
      <label htmlFor="pan">Número</label>
      <CardNumberField id="pan" {...props.number} />
      <ExpiryField id="exp" {...props.expiry} />
      <Cvv2Field id="cvv" aria-label="CVV" />
      {props.holder && <HolderNameField id="name" />}
    </PayTokenProvider>
  );
}

describe('container components', () => {
  it('StrictMode (effects run, clean up and run again): one mountFields call, one set of frames, one live listener', async () => {
    const count = listeners();
    render(
      <StrictMode>
        <Split />
      </StrictMode>,
    );
    await settle();
    expect(mountFields).toHaveBeenCalledOnce();
    expect(iframes().map((f) => f.parentElement!.id)).toEqual(['pan', 'exp', 'cvv']);
    expect(new Set(iframes().map(chOf)).size).toBe(1);
    expect(count.added()).toBe(1);
    expect(count.live()).toBe(1);
    // the frames are titled by the app's label and aria-label, and mounted in the spa flow
    expect(iframeIn('pan').title).toBe('Número');
    expect(iframeIn('cvv').title).toBe('CVV');
    expect(mountFields.mock.calls[0]![2]).toMatchObject({ flow: 'spa' });
  });

  it('passes id, className, style and aria-label to the container div and forwards the ref to it', async () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <PayTokenProvider config={CONFIG}>
        <CardNumberField id="pan" ref={ref} className="field pan" style={{ minHeight: 44 }} />
        <ExpiryField id="exp" />
        <Cvv2Field id="cvv" />
      </PayTokenProvider>,
    );
    await settle();
    const pan = document.getElementById('pan')!;
    expect(ref.current).toBe(pan);
    expect(pan.tagName).toBe('DIV');
    expect(pan.className).toBe('field pan');
    expect(pan.getAttribute('style')).toBe('min-height: 44px;');
    expect(pan.querySelector('iframe')).toBe(iframeIn('pan'));
  });

  it("event props may change between renders: the latest are called, nothing is mounted again; a split field gets its own field's events", async () => {
    const count = listeners();
    const first = vi.fn();
    const second = vi.fn();
    const expiryChange = vi.fn();
    const onBrand = vi.fn();
    const view = render(<Split number={{ onChange: first }} expiry={{ onChange: expiryChange }} />);
    await settle();
    const frames = iframes();
    view.rerender(<Split number={{ onChange: second, onBrand }} expiry={{ onChange: expiryChange }} />);
    await settle();
    deliver(iframeIn('pan'), { t: 'state', e: 'change', state: FIELD_STATE, brand: 'visa' });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith({ field: 'card_number', state: FIELD_STATE });
    expect(onBrand).toHaveBeenCalledWith({ brand: 'visa' });
    expect(expiryChange).not.toHaveBeenCalled();
    deliver(iframeIn('exp'), { t: 'state', e: 'change', state: FIELD_STATE, brand: null });
    expect(expiryChange).toHaveBeenCalledWith({ field: 'expiry', state: FIELD_STATE });
    expect(second).toHaveBeenCalledOnce();
    expect(iframes()).toEqual(frames);
    expect(mountFields).toHaveBeenCalledOnce();
    expect(count.added()).toBe(1);
  });

  it('locale and style change the frames in place (by value: a new object with the same style sends nothing)', async () => {
    const style = { base: { color: 'rgb(1, 2, 3)' } };
    const view = render(<Split locale="es-MX" style={style} />);
    await settle();
    readyAll();
    const frames = iframes();
    view.rerender(<Split locale="es-MX" style={{ base: { color: 'rgb(1, 2, 3)' } }} />);
    await settle();
    expect(posted(frames[0]!)).toEqual([]);
    view.rerender(<Split locale="en" style={{ base: { color: 'rgb(4, 5, 6)' } }} />);
    await settle();
    for (const f of frames)
      expect(posted(f)).toEqual([
        expect.objectContaining({ t: 'locale', locale: 'en' }),
        expect.objectContaining({ t: 'style', style: { base: { color: 'rgb(4, 5, 6)' } } }),
      ]);
    expect(iframes()).toEqual(frames);
    expect(iframeIn('exp').title).toBe('Expiry (MM/YY)');
    expect(mountFields).toHaveBeenCalledOnce();
  });

  it('a placeholder change or a field added mounts all of them afresh, as one mount on a new channel', async () => {
    const view = render(<Split number={{ placeholder: '1234' }} />);
    await settle();
    const ch = chOf(iframes()[0]!);
    expect(JSON.parse(new URLSearchParams(new URL(iframeIn('pan').src).hash.slice(1)).get('c')!).placeholder).toBe('1234');
    view.rerender(<Split number={{ placeholder: '4242' }} holder />);
    await settle();
    expect(mountFields).toHaveBeenCalledTimes(2);
    expect(iframes().map((f) => f.parentElement!.id)).toEqual(['pan', 'exp', 'cvv', 'name']);
    expect(new Set(iframes().map(chOf))).toEqual(new Set([expect.not.stringMatching(ch)]));
    expect(JSON.parse(new URLSearchParams(new URL(iframeIn('pan').src).hash.slice(1)).get('c')!).placeholder).toBe('4242');
  });

  it('unmounting removes every frame, listener and attribute the mount added', async () => {
    const count = listeners();
    const view = render(<Split />);
    await settle();
    readyAll();
    deliver(iframeIn('pan'), { t: 'state', e: 'focus', state: { ...FIELD_STATE, focused: true }, brand: 'visa' });
    const pan = document.getElementById('pan')!;
    expect(pan.getAttribute('data-paytoken-brand')).toBe('visa');
    view.rerender(
      <PayTokenProvider config={CONFIG}>
        <p>cart</p>
      </PayTokenProvider>,
    );
    await settle();
    expect(iframes()).toEqual([]);
    expect(count.live()).toBe(0);
    // the provider itself gone too: nothing left, nothing mounted again
    view.unmount();
    await settle();
    expect(view.container.innerHTML).toBe('');
    expect(count.added()).toBe(1);
    expect([...pan.attributes].map((a) => a.name)).toEqual(['id']);
  });

  it("CardElement is a container mounted under the key card, with its options over the provider's", async () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <PayTokenProvider config={CONFIG} options={{ locale: 'en', style: { base: { color: 'red' } } }}>
        <CardElement
          ref={ref}
          id="card"
          className="card"
          options={{ style: { base: { color: 'blue' } }, fonts: [{ family: 'Brand', src: 'https://cdn.example/brand.woff2' }] }}
        />
      </PayTokenProvider>,
    );
    await settle();
    expect(mountFields).toHaveBeenCalledOnce();
    const [config, containers, options] = mountFields.mock.calls[0]!;
    expect(config).toEqual(CONFIG);
    expect(Object.isFrozen(config)).toBe(true);
    expect(containers).toEqual({ card: ref.current });
    expect(ref.current!.id).toBe('card');
    expect(options).toMatchObject({ locale: 'en', style: { base: { color: 'blue' } }, fonts: [{ family: 'Brand' }], flow: 'spa' });
  });

  it("a mount refused (no card-number container) is the error event and the hook's error, not a crash", async () => {
    const onError = vi.fn();
    render(
      <PayTokenProvider config={CONFIG}>
        <ExpiryField onError={onError} />
      </PayTokenProvider>,
    );
    await settle();
    expect(iframes()).toEqual([]);
    expect(onError).toHaveBeenCalledOnce();
    const event = onError.mock.calls[0]![0];
    expect(event).toMatchObject({ code: 'fields.card_number', message: 'fields.card_number: required' });
    expect(event.error).toBeInstanceOf(paytoken.ConfigurationError);
  });

  it('outside a provider a component throws the error naming the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<CardNumberField />)).toThrow(/PayTokenProvider: none around this component/);
  });
});
