/**
 * The client's failure policy (src/http/request.ts, docs/errors.md), with a scripted fetch and fake
 * timers: which failures get the one automatic retry, after how long, and that `timeoutMs` bounds the whole
 * call. The same policy over real HTTP against the sandbox's fault mode: test/integration/faults.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { RETRY_DELAY_MS } from '../../../src/http/request';
import { ApiError, createClient, NetworkError, TimeoutError, type ClientConfig } from '../../../src/index';
import { cardForToday, errorObject, hangingFetch, jsonResponse, settle, TOKEN } from '../helpers';

const CONFIG: ClientConfig = { merchantId: 'm1a2b3c4d5e6f7g8h9i0', publicKey: 'pk_test_123', baseUrl: 'https://api.example.com' };
const CARD_OBJECT = { id: 'kso4st0ckr9ml1eobwuv', card_number: 'XXXXXXXXXXXX1111' };

let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The two operations: tokenizing (retries a lost connection) and storing a card (does not). */
const OPS = {
  tokens: (c = CONFIG): Promise<unknown> => createClient(c).tokens.create(cardForToday().input),
  cards: (c = CONFIG): Promise<unknown> => createClient(c).cards.create(cardForToday().input),
} as const;

const apiReply = (status: number, code: number) => async () =>
  jsonResponse(status, errorObject({ category: status >= 500 ? 'internal' : 'request', error_code: code, http_code: status }));
const lost = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch');
};

describe('one automatic retry, only where safe', () => {
  it('tokens: a connection lost before any response is retried once, after 250-500 ms, and the retry can succeed', async () => {
    fetchMock.mockImplementationOnce(lost).mockImplementationOnce(async () => jsonResponse(201, TOKEN));
    const p = OPS.tokens();
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS + 1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect((await settle(p)).ok).toStrictEqual(TOKEN);
  });

  it('tokens: two lost connections end in one NetworkError after exactly two requests', async () => {
    fetchMock.mockImplementation(lost);
    const r = await settle(OPS.tokens());
    expect(r.err).toBeInstanceOf(NetworkError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('cards: a lost connection is never retried (the card may be stored already)', async () => {
    fetchMock.mockImplementation(lost);
    const r = await settle(OPS.cards());
    expect(r.err).toBeInstanceOf(NetworkError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each(['tokens', 'cards'] as const)('%s: a 503 (1004) is retried once and the retry can succeed', async (op) => {
    fetchMock
      .mockImplementationOnce(apiReply(503, 1004))
      .mockImplementationOnce(async () => jsonResponse(201, op === 'tokens' ? TOKEN : CARD_OBJECT));
    const r = await settle(OPS[op]());
    expect(r.ok).toStrictEqual(op === 'tokens' ? TOKEN : CARD_OBJECT);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(r.at).toBeGreaterThanOrEqual(RETRY_DELAY_MS);
    expect(r.at).toBeLessThanOrEqual(2 * RETRY_DELAY_MS + 10);
  });

  it.each(['tokens', 'cards'] as const)('%s: two 503s end in the second ApiError 1004', async (op) => {
    fetchMock.mockImplementation(apiReply(503, 1004));
    const r = await settle(OPS[op]());
    expect(r.err).toBeInstanceOf(ApiError);
    expect((r.err as ApiError).error_code).toBe(1004);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it.each([
    [400, 1001],
    [401, 1002],
    [402, 3001],
    [403, 1010],
    [404, 1005],
    [409, 1006],
    [412, 2009],
    [413, 1009],
    [422, 2004],
    [429, 1000],
    [500, 1000],
    [502, 1000],
  ])('never retries HTTP %i (%i), for tokens or cards', async (status, code) => {
    for (const op of ['tokens', 'cards'] as const) {
      fetchMock.mockReset();
      fetchMock.mockImplementation(apiReply(status, code));
      const r = await settle(OPS[op]());
      expect(r.err).toBeInstanceOf(ApiError);
      expect([(r.err as ApiError).status, (r.err as ApiError).error_code]).toStrictEqual([status, code]);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it('never retries a response that broke off after it began (the API answered)', async () => {
    fetchMock.mockImplementation(
      async () => ({ status: 201, text: () => Promise.reject(new TypeError('terminated')) }) as unknown as Response,
    );
    const r = await settle(OPS.tokens());
    expect(r.err).toBeInstanceOf(NetworkError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each(['tokens', 'cards'] as const)('%s: never retries after a timeout', async (op) => {
    fetchMock.mockImplementation(hangingFetch);
    const r = await settle(OPS[op]({ ...CONFIG, timeoutMs: 3000 }));
    expect(r.err).toBeInstanceOf(TimeoutError);
    expect(r.at).toBe(3000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry when the wait would not fit before the deadline: the 503 is reported at once', async () => {
    fetchMock.mockImplementation(apiReply(503, 1004));
    const r = await settle(OPS.tokens({ ...CONFIG, timeoutMs: RETRY_DELAY_MS }));
    expect((r.err as ApiError).error_code).toBe(1004);
    expect(r.at).toBeLessThan(RETRY_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('timeoutMs bounds the whole call, retry included', () => {
  it('a 503 then a request that never answers ends in TimeoutError at timeoutMs, not later', async () => {
    fetchMock.mockImplementationOnce(apiReply(503, 1004)).mockImplementation(hangingFetch);
    const r = await settle(OPS.tokens({ ...CONFIG, timeoutMs: 4000 }));
    expect(r.err).toBeInstanceOf(TimeoutError);
    expect(r.at).toBe(4000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a response whose body never ends is aborted at timeoutMs: TimeoutError, not retried, no timer left', async () => {
    // the body's reading rejects only when the request's signal aborts, as a browser's does
    fetchMock.mockImplementation(
      async (_url, init) =>
        ({
          status: 201,
          text: () =>
            new Promise((_ok, ko) =>
              init!.signal!.addEventListener('abort', () => ko(new DOMException('The operation was aborted.', 'AbortError'))),
            ),
        }) as unknown as Response,
    );
    const r = await settle(OPS.tokens({ ...CONFIG, timeoutMs: 3000 }));
    expect(r.err).toBeInstanceOf(TimeoutError);
    expect(r.at).toBe(3000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves no timer behind after a retried success', async () => {
    fetchMock.mockImplementationOnce(lost).mockImplementationOnce(async () => jsonResponse(201, TOKEN));
    await settle(OPS.tokens());
    expect(vi.getTimerCount()).toBe(0);
  });
});
