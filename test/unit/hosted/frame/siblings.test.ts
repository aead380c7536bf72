// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
/**
 * Split fields hold together (src/hosted/frame/siblings.ts): the card-number frame reads only sibling frames of
 * its channel with its merchant id, public key and API base URL; a second frame for a field of the mount, added by
 * a page script, makes tokenization fail loudly (a ConfigurationError naming the field, and for good), never a
 * silent replacement.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { jsonResponse, TOKEN } from '../../helpers';
import { CH, SIBLING_SECTION, startTestFrame, VALID_EXPIRY, type Sent } from '../frame-harness';

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  vi.resetModules();
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(201, TOKEN));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const lastOf = (sent: Sent[], t: string) => [...sent].reverse().find((m) => m.t === t) as Sent & Record<string, any>;
const typeCard = (input: HTMLInputElement) => {
  input.value = '4242 4242 4242 4242';
  input.dispatchEvent(new InputEvent('input', { inputType: 'insertText' }));
};
/** A handle as a genuine frame of another configuration would publish it (same channel, read from the page's src). */
const foreign = (field: string, value: string, mountKey: string) => ({
  __paytoken: {
    mountChannel: CH,
    mountKey,
    fieldKey: field,
    fieldValue: () => value,
    siblingBrand: () => null,
    autofillSection: `section-${'f'.repeat(32)}`,
    setBrand() {},
    showError() {},
    fieldValid: () => !!value,
  },
});

describe('sibling frames', () => {
  it('reads the expiry and CVV2 of its own mount and tokenizes (the genuine case)', async () => {
    const { sent, deliver, input } = await startTestFrame({ deviceData: false });
    typeCard(input);
    deliver({ t: 'tokenize', id: 1, holder_name: 'Ana' });
    await vi.waitFor(() => expect(lastOf(sent, 'token')).toBeDefined());
  });

  it('a frame on the channel configured for another merchant or key is no sibling: nothing is read from it', async () => {
    for (const mountKey of [
      'm9z9z9z9 pk_test_123 https://api.example.com',
      'm1a2b3c4 pk_other https://api.example.com',
      'm1a2b3c4 pk_test_123 https://evil.example',
    ]) {
      vi.resetModules();
      const frames = [foreign('expiry', VALID_EXPIRY, mountKey), foreign('cvv2', '123', mountKey)];
      const { sent, deliver, input } = await startTestFrame({ deviceData: false }, undefined, { frames });
      typeCard(input);
      deliver({ t: 'tokenize', id: 1, holder_name: 'Ana' });
      await vi.waitFor(() => expect(lastOf(sent, 'fail')).toBeDefined());
      expect(lastOf(sent, 'fail').fail, mountKey).toMatchObject({ type: 'validation' });
      expect(fetchMock).not.toHaveBeenCalled();
    }
  });

  it('a second frame for a field of the mount makes tokenize fail with a ConfigurationError naming it, and for good', async () => {
    const { sent, deliver, input, parent, sibling } = await startTestFrame({ deviceData: false });
    typeCard(input);
    // the page holds the genuine expiry and CVV2 frames; a page script adds an empty CVV2 frame on the same channel
    (parent.frames as object[]).push(sibling('cvv2', ''));
    deliver({ t: 'tokenize', id: 1, holder_name: 'Ana' });
    await vi.waitFor(() => expect(lastOf(sent, 'fail')?.id).toBe(1));
    expect(sent.find((m) => m.t === 'fail' && m.id === 0)).toMatchObject({ fail: { type: 'configuration', code: 'fields.cvv2' } });
    expect(lastOf(sent, 'fail').fail).toMatchObject({ type: 'configuration', props: { option: 'fields.cvv2' } });
    deliver({ t: 'tokenize', id: 2, holder_name: 'Ana' });
    await vi.waitFor(() => expect(lastOf(sent, 'fail')?.id).toBe(2));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a second card-number frame on the channel is caught too (the frame's own field)", async () => {
    const { sent, deliver, input, parent, sibling } = await startTestFrame({ deviceData: false });
    typeCard(input);
    (parent.frames as object[]).push(sibling('card_number', ''));
    deliver({ t: 'tokenize', id: 1, holder_name: 'Ana' });
    await vi.waitFor(() => expect(lastOf(sent, 'fail')?.id).toBe(1));
    expect(lastOf(sent, 'fail').fail).toMatchObject({ type: 'configuration', props: { option: 'fields.card_number' } });
  });

  it("takes its mount's autofill section from a sibling that started first, else makes one; never a foreign frame's", async () => {
    const { input } = await startTestFrame({ deviceData: false });
    expect(input.getAttribute('autocomplete')).toBe(`${SIBLING_SECTION} cc-number`);
    vi.resetModules();
    const alone = (await startTestFrame({ deviceData: false }, undefined, { frames: [] })).input.getAttribute('autocomplete')!;
    expect(alone).toMatch(/^section-[0-9a-f]{32} cc-number$/);
    expect(alone.startsWith(SIBLING_SECTION)).toBe(false);
    vi.resetModules();
    const frames = [foreign('expiry', VALID_EXPIRY, 'm9z9z9z9 pk_test_123 https://api.example.com')];
    const beside = (await startTestFrame({ deviceData: false }, undefined, { frames })).input.getAttribute('autocomplete')!;
    expect(beside).toMatch(/^section-[0-9a-f]{32} cc-number$/);
    expect(beside).not.toContain('f'.repeat(32));
  });

  it('publishes the section to the frames that start after it', async () => {
    const { win } = await startTestFrame({ deviceData: false }, undefined, { frames: [] });
    const published = (win as unknown as { __paytoken?: { autofillSection: string } }).__paytoken;
    expect(published?.autofillSection).toBe(document.getElementById('i')!.getAttribute('autocomplete')!.split(' ')[0]);
  });
});
