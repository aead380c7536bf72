/**
 * The XMLHttpRequest transport of src/http/pristine.ts, against a fake `XMLHttpRequest` whose "server" each test
 * scripts: what a request sends (method, URL, headers, body, credentials), that the references kept at set-up
 * resist a later patch of the page's `XMLHttpRequest` and its prototype, and that the failure policy of
 * src/http/request.ts (docs/errors.md) holds over it: the deadline aborts the XHR, one retry on a 503 or
 * (tokens) a connection lost before any response, none once a response began. Device data (`keepalive`) and a page
 * without XHR go by `fetch`. The browsers' real XHR is driven by the e2e specs and `npm run test:engines`.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { sendDeviceData } from '../../../src/http/device-data';
import { pristine } from '../../../src/http/pristine';
import { RETRY_DELAY_MS } from '../../../src/http/request';
import { tokenize } from '../../../src/http/tokenize';
import { ApiError, createClient, NetworkError, TimeoutError, type ClientConfig } from '../../../src/index';
import { cardForToday, errorObject, jsonResponse, settle, TOKEN } from '../helpers';

const CONFIG: ClientConfig = { merchantId: 'm1a2b3c4d5e6f7g8h9i0', publicKey: 'pk_test_123', baseUrl: 'https://api.example.com' };
const AUTH = `Basic ${btoa('pk_test_123:')}`;

/** What the fake server does with one request. */
type Reply =
  | { status: number; body: unknown } // answers in full
  | 'lost' // no response at all (connection refused or lost, CORS refused): readyState 4, status 0
  | 'broken' // the response began (headers, 201), then the connection broke: readyState 2, then 4 with status 0
  | 'hang'; // never answers

/** One request as the fake saw it. */
interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  withCredentials: boolean;
  aborted: boolean;
}

let sent: Sent[];
let replies: Reply[];

/**
 * A fake `XMLHttpRequest` with the members the transport uses, as the platform has them: methods and the
 * `readyState`, `status`, `responseText` getters on the prototype, `onreadystatechange` called at each state
 * change (readyState 1 at `open`; 2, 3, 4 as the answer comes in; 4 with status 0 on failure or `abort`), each in
 * a task of its own. Replies are taken from `replies` in order (the last one repeats).
 */
class FakeXHR {
  onreadystatechange: (() => void) | null = null;
  withCredentials = false;
  #state = 0;
  #status = 0;
  #text = '';
  #sent?: Sent;
  get readyState(): number {
    return this.#state;
  }
  get status(): number {
    return this.#status;
  }
  get responseText(): string {
    return this.#text;
  }
  #change(state: number, status: number, text = '') {
    if (this.#sent?.aborted && state) return;
    [this.#state, this.#status, this.#text] = [state, status, text];
    this.onreadystatechange?.();
  }
  open(method: string, url: string): void {
    this.#sent = { method, url, headers: {}, body: undefined, withCredentials: false, aborted: false };
    this.#change(1, 0);
  }
  setRequestHeader(name: string, value: string): void {
    this.#sent!.headers[name] = value;
  }
  send(body?: unknown): void {
    const req = this.#sent!;
    Object.assign(req, { body, withCredentials: this.withCredentials });
    sent.push(req);
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
    if (reply === 'hang') return;
    setTimeout(() => {
      if (reply === 'lost') return this.#change(4, 0);
      const [status, text] = reply === 'broken' ? [201, ''] : [reply.status, JSON.stringify(reply.body)];
      this.#change(2, status);
      setTimeout(() => {
        if (reply === 'broken') return this.#change(4, 0);
        this.#change(3, status, text);
        this.#change(4, status, text);
      });
    });
  }
  abort(): void {
    if (!this.#sent || this.#sent.aborted) return;
    this.#change(4, 0);
    this.#sent.aborted = true;
  }
}

let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  sent = [];
  replies = [{ status: 201, body: TOKEN }];
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(201, {}));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXHR);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('requests go by XMLHttpRequest where the page has one', () => {
  it('POST to {base}/v1/{merchant}/tokens: Basic auth, Accept and Content-Type JSON, the card as the JSON body, no credentials; fetch is not used', async () => {
    const card = cardForToday();
    expect(await createClient(CONFIG).tokens.create(card.input)).toStrictEqual(TOKEN);
    expect(sent).toHaveLength(1);
    const [req] = sent;
    expect(req).toMatchObject({
      method: 'POST',
      url: 'https://api.example.com/v1/m1a2b3c4d5e6f7g8h9i0/tokens',
      withCredentials: false,
      aborted: false,
    });
    expect(req!.headers).toStrictEqual({ Authorization: AUTH, Accept: 'application/json', 'Content-Type': 'application/json' });
    expect(typeof req!.body).toBe('string');
    expect(JSON.parse(req!.body as string)).toStrictEqual(card.body);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an API error answer is read in full: ApiError with the status and the Error object', async () => {
    replies = [{ status: 422, body: errorObject({ category: 'request', error_code: 2004, http_code: 422 }) }];
    const e = await createClient(CONFIG)
      .tokens.create(cardForToday().input)
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect([(e as ApiError).status, (e as ApiError).error_code]).toStrictEqual([422, 2004]);
  });

  it('an enumerable property another script put on Object.prototype does not become a header', async () => {
    const client = createClient(CONFIG);
    Object.defineProperty(Object.prototype, 'X-Evil', { value: 'yes', enumerable: true, configurable: true });
    try {
      await client.tokens.create(cardForToday().input);
    } finally {
      delete (Object.prototype as Record<string, unknown>)['X-Evil'];
    }
    expect(Object.keys(sent[0]!.headers)).toStrictEqual(['Authorization', 'Accept', 'Content-Type']);
  });
});

describe('a client keeps the XMLHttpRequest of its creation: patches made later see no card', () => {
  it('patched prototype methods and getters, and a replaced global, record nothing; the call still succeeds', async () => {
    const card = cardForToday();
    const client = createClient(CONFIG);
    const seen: unknown[] = [];
    const proto = FakeXHR.prototype as unknown as Record<string, unknown>;
    const saved = Object.getOwnPropertyDescriptors(FakeXHR.prototype);
    for (const m of ['open', 'setRequestHeader', 'send', 'abort'] as const) {
      const original = saved[m]!.value as (...a: unknown[]) => unknown;
      proto[m] = function (this: unknown, ...args: unknown[]) {
        seen.push(`${m} ${args.join(' ')}`);
        return original.apply(this, args);
      };
    }
    for (const g of ['readyState', 'status', 'responseText'] as const) {
      Object.defineProperty(FakeXHR.prototype, g, {
        configurable: true,
        get() {
          seen.push(`get ${g}`);
          return 0;
        },
      });
    }
    vi.stubGlobal(
      'XMLHttpRequest',
      class extends FakeXHR {
        override send(body?: unknown) {
          seen.push(`global ${String(body)}`);
        }
      },
    );
    try {
      expect(await client.tokens.create(card.input)).toStrictEqual(TOKEN);
    } finally {
      Object.defineProperties(FakeXHR.prototype, saved);
    }
    expect(seen).toEqual([]);
    expect(String(sent[0]!.body)).toContain(card.body.card_number);
  });

  it('the standalone tokenize takes the XMLHttpRequest of the call (documented): a patch made before it does see the card', async () => {
    const card = cardForToday();
    const seen: string[] = [];
    const send = Object.getOwnPropertyDescriptor(FakeXHR.prototype, 'send')!.value as FakeXHR['send'];
    FakeXHR.prototype.send = function (this: FakeXHR, body?: unknown) {
      seen.push(String(body));
      send.call(this, body);
    };
    try {
      await tokenize(CONFIG, card.input);
    } finally {
      FakeXHR.prototype.send = send;
    }
    expect(seen.filter((b) => b.includes(card.body.card_number))).toHaveLength(1);
  });
});

describe('the failure policy over XMLHttpRequest', () => {
  beforeEach(() => vi.useFakeTimers());

  it('timeoutMs: a request that never answers is aborted at the deadline, TimeoutError, no retry', async () => {
    replies = ['hang'];
    const r = await settle(createClient({ ...CONFIG, timeoutMs: 3000 }).tokens.create(cardForToday().input));
    expect(r.err).toBeInstanceOf(TimeoutError);
    expect(r.at).toBe(3000);
    expect(sent.map((s) => s.aborted)).toEqual([true]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a 503 is retried once after 250-500 ms, and the retry can succeed', async () => {
    replies = [
      { status: 503, body: errorObject({ category: 'internal', error_code: 1004, http_code: 503 }) },
      { status: 201, body: TOKEN },
    ];
    const r = await settle(createClient(CONFIG).tokens.create(cardForToday().input));
    expect(r.ok).toStrictEqual(TOKEN);
    expect(sent).toHaveLength(2);
    expect(r.at).toBeGreaterThanOrEqual(RETRY_DELAY_MS);
    expect(r.at).toBeLessThanOrEqual(2 * RETRY_DELAY_MS + 30);
  });

  it('tokens: a connection lost before any response is retried once; lost twice ends in one NetworkError', async () => {
    replies = ['lost', { status: 201, body: TOKEN }];
    expect((await settle(createClient(CONFIG).tokens.create(cardForToday().input))).ok).toStrictEqual(TOKEN);
    expect(sent).toHaveLength(2);
    sent = [];
    replies = ['lost'];
    const r = await settle(createClient(CONFIG).tokens.create(cardForToday().input));
    expect(r.err).toBeInstanceOf(NetworkError);
    expect((r.err as NetworkError).message).toContain('no response');
    expect(sent).toHaveLength(2);
  });

  it('cards: a lost connection is never retried', async () => {
    replies = ['lost'];
    const r = await settle(createClient(CONFIG).cards.create(cardForToday().input));
    expect(r.err).toBeInstanceOf(NetworkError);
    expect(sent).toHaveLength(1);
  });

  it('a response that broke off after it began is never retried: NetworkError', async () => {
    replies = ['broken', { status: 201, body: TOKEN }];
    const r = await settle(createClient(CONFIG).tokens.create(cardForToday().input));
    expect(r.err).toBeInstanceOf(NetworkError);
    expect((r.err as NetworkError).message).toContain('response broke off');
    expect(sent).toHaveLength(1);
  });
});

describe('fetch where XMLHttpRequest cannot do or is not there', () => {
  it('device data (keepalive) goes by fetch, with credentials omitted and no referrer, and its answer is read', async () => {
    let read = false;
    fetchMock.mockImplementation(async () => ({ status: 201, text: async () => ((read = true), '') }) as unknown as Response);
    await sendDeviceData(
      () => ({ baseUrl: 'https://api.example.com', merchantId: CONFIG.merchantId, publicKey: CONFIG.publicKey }),
      { device_session_id: 'a'.repeat(32) },
      pristine(),
    );
    expect(sent).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://api.example.com/v1/m1a2b3c4d5e6f7g8h9i0/device-data');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit', referrerPolicy: 'no-referrer' });
    expect(read).toBe(true);
  });

  it('without XMLHttpRequest (Node, SSR) a token request goes by fetch', async () => {
    vi.stubGlobal('XMLHttpRequest', undefined);
    fetchMock.mockImplementation(async () => jsonResponse(201, TOKEN));
    expect(await createClient(CONFIG).tokens.create(cardForToday().input)).toStrictEqual(TOKEN);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([]);
  });
});
