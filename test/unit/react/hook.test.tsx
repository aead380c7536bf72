// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
/**
 * useHostedFields (src/react/hook.ts): the state re-renders its caller; tokenize resolves with the token and rejects
 * with the library's typed errors (rebuilt from the frame's answer), before the mount and after a refused one too.
 */
import { act, cleanup, render, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError, ValidationError, ApiError } from 'paytoken';
import { CardNumberField, Cvv2Field, ExpiryField, PayTokenProvider, useHostedFields, type UseHostedFields } from 'paytoken/react';
import { CONFIG, deliver, FIELD_STATE, fakeFrames, iframeIn, posted, readyAll } from './helpers';

fakeFrames();
afterEach(cleanup);
const settle = () => act(async () => {});

/** A checkout whose hook result is kept in `seen` (every render's). */
function mountCheckout() {
  const seen: UseHostedFields[] = [];
  function Pay() {
    seen.push(useHostedFields());
    return null;
  }
  render(
    <PayTokenProvider config={CONFIG}>
      <CardNumberField id="pan" />
      <ExpiryField id="exp" />
      <Cvv2Field id="cvv" />
      <Pay />
    </PayTokenProvider>,
  );
  return { seen, last: () => seen.at(-1)! };
}

/** The id of the tokenize message the page sent to the card-number frame. */
const tokenizeId = () => posted(iframeIn('pan')).find((m) => m.t === 'tokenize')!.id as number;

describe('useHostedFields', () => {
  it('gives the state, re-rendering on each event: null before the mount, then not ready, then ready and valid', async () => {
    const { last } = mountCheckout();
    expect(last().state).toBeNull();
    expect(last().ready).toBe(false);
    await settle();
    expect(last().state).toMatchObject({ ready: false, canSubmit: false });
    act(() => readyAll());
    expect(last().ready).toBe(true);
    expect(last().state!.deviceSessionId).toBe('s0');
    act(() =>
      ['pan', 'exp', 'cvv'].forEach((id) =>
        deliver(iframeIn(id), { t: 'state', e: 'change', state: FIELD_STATE, brand: id === 'pan' ? 'visa' : null }),
      ),
    );
    expect(last().state).toMatchObject({ brand: 'visa', canSubmit: true, fields: { card_number: FIELD_STATE, cvv2: FIELD_STATE } });
  });

  it('tokenize resolves with the token the card-number frame answers; its methods are stable across renders', async () => {
    const { seen, last } = mountCheckout();
    await settle();
    act(() => readyAll());
    const pending = last().tokenize({ holder_name: 'Ana Pérez' });
    expect(posted(iframeIn('pan')).at(-1)).toMatchObject({ t: 'tokenize', holder_name: 'Ana Pérez' });
    const token = { id: 'tok_1', card: { card_number: '411111XXXXXX1111' } };
    act(() => deliver(iframeIn('pan'), { t: 'token', id: tokenizeId(), token, session: 's0' }));
    await expect(pending).resolves.toEqual({ token_id: 'tok_1', device_session_id: 's0', token });
    expect(new Set(seen.map((r) => r.tokenize)).size).toBe(1);
    last().focus('cvv2');
    expect(posted(iframeIn('cvv')).at(-1)).toMatchObject({ t: 'focus' });
    last().clear();
    expect(posted(iframeIn('exp')).at(-1)).toMatchObject({ t: 'clear' });
  });

  it.each([
    [
      'validation',
      {
        type: 'validation',
        message: 'card_number: luhn',
        code: 'card_number.luhn',
        text: 'Revisa el número.',
        field: 'card_number',
        props: { field: 'card_number', rule: 'luhn', errors: [{ field: 'card_number', reason: 'luhn' }] },
      },
      ValidationError,
    ],
    [
      'api',
      { type: 'api', message: 'declined', code: '3001', text: 'Tarjeta rechazada.', props: { status: 402, error_code: 3001 } },
      ApiError,
    ],
  ] as const)('tokenize rejects with the typed error of a %s failure,', async (_, fail, kind) => {
    const { last } = mountCheckout();
    await settle();
    act(() => readyAll());
    const pending = last().tokenize();
    act(() => deliver(iframeIn('pan'), { t: 'fail', id: tokenizeId(), fail }));
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(kind);
    expect(error).toMatchObject(fail.props);
  });

  it('tokenize rejects with a ConfigurationError before the mount, and when not ready yet', async () => {
    const { last } = mountCheckout();
    await expect(last().tokenize()).rejects.toMatchObject({ option: 'fields', message: 'fields: not mounted yet' });
    await settle();
    const error = await last()
      .tokenize()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/not ready yet/);
  });

  it('after a refused mount: error set, tokenize rejects with that error', async () => {
    const { result } = renderHook(() => useHostedFields(), {
      wrapper: ({ children }) => (
        <PayTokenProvider config={{ ...CONFIG, publicKey: 'sk_secret' }}>
          <CardNumberField />
          <ExpiryField />
          <Cvv2Field />
          {children}
        </PayTokenProvider>
      ),
    });
    await settle();
    expect(result.current.error).toBeInstanceOf(ConfigurationError);
    expect(result.current.error).toMatchObject({ option: 'publicKey' });
    await expect(result.current.tokenize()).rejects.toBe(result.current.error);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('outside a provider it throws a ConfigurationError naming the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = (() => {
      try {
        renderHook(() => useHostedFields());
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ option: 'PayTokenProvider', message: 'PayTokenProvider: none around this component' });
  });
});
