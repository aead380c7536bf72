/**
 * The classic API of both script tags (`dist/paytoken.iife.js`, src/browser.ts; `dist/paytoken-checkout.iife.js`,
 * src/checkout.ts): the members of the processor's classic tokenization script (setters and getters, `token.*`,
 * `card.*`, `extractFormInfo`, `deviceData`, the refused members), and the settings they share. Each entry freezes
 * its own object built from {@link classic}; this module defines no global and runs nothing at load beyond keeping
 * the page's `XMLHttpRequest` (its prototype's methods), `fetch` and `JSON.stringify` of that moment (see
 * `pristine`).
 *
 * Tamper resistance (docs/security.md): once a card has been sent, the settings that say where cards go
 * are pinned for the page's life (the entries freeze the objects; the build makes the global read-only).
 */
import { validateCvv2 } from './card/cvv2';
import { validateExpiry } from './card/expiry';
import { BRAND_NAMES, classicCardType } from './card/names';
import { cardBrand } from './card/brands';
import { luhn, normalizePan, PAN_LENGTHS, validatePan } from './card/pan';
import type { Brand } from './card/types';
import type { CardInput } from './card/types';
import { errorCodeOf } from './errors/codes';
import { ApiError } from './errors/api';
import { PayTokenError } from './errors/base';
import { configError } from './errors/configuration';
import { ValidationError } from './errors/validation';
import type { ErrorObject, Token } from './types/index';
import { checkBaseUrl, checkMerchantId, checkPublicKey, LOCAL_SANDBOX_URL, resolveConfig, type ResolvedConfig } from './http/config';
import { pristine, type Io } from './http/pristine';
import { postToken } from './http/tokenize';
import { deviceData } from './fraud/device-data';
import { httpContext } from './http/http-context';
import { deviceSessionId, writeDeviceSessionInput } from './fraud/session';
import type { DeviceData, DeviceDataOptions } from './fraud/types';
import { findForm, type FormRef } from './form/find';
import { readCard } from './form/read';

/**
 * Success callback argument: the Token, and `status` 200 as the classic script always reports (the API answers
 * 201 Created; the classic callback never passed the real status on).
 */
export interface ClassicSuccess {
  /** The Token (its `id` is the charge's `source_id`). */
  data: Token;
  /** Always 200, as the classic script reports it (the API answers 201). */
  status: 200;
}

/**
 * Failure callback argument: a message, a status and `data`, always an Error object (spec, Errors).
 * - API errors: the Error object and HTTP status as received.
 * - Local validation (no request sent): the Error object the API would have answered (`errorCodeFor`), with
 *   `status` its `http_code`, plus `field` and `reason` naming the first failing field and rule.
 * - Network failure or timeout: `status` 0, `error_code` 1004 (service unavailable), category `internal`.
 * - Configuration (no id, no key, no base URL; a private key never gets this far, `setApiKey` throws): `status`
 *   0, `error_code` 1002.
 */
export interface ClassicFailure {
  /** The error's description. */
  message: string;
  /** The HTTP status; for a local validation failure the `http_code` the API would answer; 0 for a network failure or timeout. */
  status: number;
  /** The spec Error object; for a local validation failure also the first failing `field` and its `reason`. */
  data: ErrorObject & {
    /** The first failing field (local validation only). */
    field?: string;
    /** Its rule's reason (`luhn`, `expired`; local validation only). */
    reason?: string;
  };
  /** `"<message> [status <status>]"`, as the classic script's failure object. */
  toString(): string;
}

type Ok = (r: ClassicSuccess) => void;
type Fail = (r: ClassicFailure) => void;

const state = { id: '', key: '', baseUrl: '', sandbox: false, develop: false };

/**
 * The classic members this library refuses: they need what the spec does not give a public key. Throws a
 * ConfigurationError naming the member and why, so a migrated page fails loudly rather than silently.
 */
const refuse =
  (member: string, why = 'the public key has no merchant-group endpoint (spec, Authentication)') =>
  (): never => {
    throw configError(member, why);
  };

/** The request and `JSON.stringify` as they were when the script loaded (device data is sent with these; see `pristine`). */
const io = pristine();
/** Whether a card has been sent: from then on the settings in `state` are pinned. */
let sent = false;
/** The same, for tokens: the request's start pins the settings. */
const cardIo: Io = {
  ...io,
  send: (url, init) => {
    sent = true;
    return io.send(url, init);
  },
};

/**
 * Stores a checked setting; once a card has been sent, a different value throws: the card went to the settings
 * of then, and a later script must not send the next one elsewhere (say to its own `baseUrl`).
 * @throws ConfigurationError naming `option`.
 */
function set<K extends keyof typeof state>(key: K, option: string, value: (typeof state)[K]): void {
  if (sent && state[key] !== value) throw configError(option, 'fixed once a card has been sent from this page');
  state[key] = value;
  checked = undefined;
}

/** The failure callback's argument for any error of a call (see {@link ClassicFailure}). */
function toFailure(e: unknown): ClassicFailure {
  const err = e instanceof PayTokenError ? e : new PayTokenError('network', String(e));
  const local = err instanceof ValidationError;
  const http_code = local ? err.http_code : 0;
  const failure =
    err instanceof ApiError
      ? { message: err.error.description, status: err.status, data: err.error }
      : {
          message: err.message,
          status: http_code,
          data: {
            category: err.type === 'network' || err.type === 'timeout' ? 'internal' : 'request',
            request_id: '',
            error_code: errorCodeOf(err),
            http_code,
            description: err.message,
            ...(local && { field: err.field, reason: err.rule }),
          },
        };
  // the classic failure object's toString: "<message> [status <status>]"
  return { ...failure, toString: () => `${failure.message} [status ${failure.status}]` };
}

/** The settings above, checked, while no setter changed them (`set` drops them). */
let checked: ResolvedConfig | undefined;

/**
 * The settings above, checked once per change, not per call (the base URL's check parses a URL): throws a
 * ConfigurationError while one is missing (no token request, no device data is then sent).
 */
const requestConfig = () => (checked ??= resolveConfig({ merchantId: state.id, publicKey: state.key, baseUrl: classic.getBaseUrl() }));

/**
 * `POST /tokens` with the settings above (checked once per change), the card validated first; every failure is a
 * rejection (the form layer's tokenizer in src/checkout.ts).
 */
export const tokenize = async (card: CardInput) => postToken(requestConfig(), card, cardIo);

function run(make: () => CardInput, success?: Ok, failure?: Fail): void {
  new Promise<{ data: Token }>((resolve) => resolve(tokenize(make()))).then(
    (r) => success?.({ data: r.data, status: 200 }),
    (e) => failure?.(toFailure(e)),
  );
}

/**
 * The classic global's members (each script-tag entry freezes them, src/browser.ts and src/checkout.ts). Setters throw a ConfigurationError at once for a malformed value (above all a
 * private `sk_` key), and for a change once a card has been sent (a token request started): the merchant id,
 * key, base URL and sandbox mode are then fixed for the page's life (the same value again is accepted).
 * `token.*` report every failure through the `failure` callback, never by throwing.
 */
export const classic = {
  /** Sets the merchant id (`/v1/{merchant_id}`). @throws ConfigurationError (`merchantId`) when not 1-45 letters or digits, or a change once a card was sent. */
  setId(id: string): void {
    set('id', 'merchantId', checkMerchantId(id));
  },
  getId: (): string => state.id,
  /** Sets the public key. @throws ConfigurationError (`publicKey`) for anything but a `pk_` key (a private key is never kept), or a change once a card was sent. */
  setApiKey(key: string): void {
    set('key', 'publicKey', checkPublicKey(key));
  },
  getApiKey: (): string => state.key,
  /** The browser's `http_context` for a 3-D Secure charge (see `httpContext`, src/http/http-context.ts): post it to your server with the token. */
  httpContext,
  /**
   * Sandbox mode: without `setBaseUrl`, requests go to the local sandbox at {@link LOCAL_SANDBOX_URL}. Turning
   * it on turns develop mode off, as in the classic script.
   * @throws ConfigurationError (`sandboxMode`) for a change once a card was sent.
   */
  setSandboxMode(flag: boolean): void {
    set('sandbox', 'sandboxMode', !!flag);
    if (flag) state.develop = false;
  },
  getSandboxMode: (): boolean => state.sandbox,
  /**
   * The classic script's develop mode (its hosts' development API), kept as a flag only: hosts are configuration
   * here (`setBaseUrl`), so it changes no URL. Turning it on turns sandbox mode off, as in the classic script.
   * @throws ConfigurationError (`sandboxMode`) when that would change sandbox mode once a card was sent.
   */
  setDevelopMode(flag: boolean): void {
    // sandbox mode decides where cards go: pinned as by setSandboxMode (throws first, changing nothing)
    if (flag) set('sandbox', 'sandboxMode', false);
    state.develop = !!flag;
  },
  getDevelopMode: (): boolean => state.develop,
  /**
   * Sets the spec's `{base_url}` (the part before `/v1`): https, or http to loopback only.
   * @throws ConfigurationError (`baseUrl`) for any other URL, or a change once a card was sent.
   */
  setBaseUrl(url: string): void {
    set('baseUrl', 'baseUrl', checkBaseUrl(url));
  },
  getBaseUrl: (): string => state.baseUrl || (state.sandbox ? LOCAL_SANDBOX_URL : ''),
  /**
   * The card fields a form holds (see `token.extractFormAndCreate` for the attributes), under the spec's names,
   * as the classic `extractFormInfo`; it holds the card number: never log or store it.
   * @param form a form element, its id, or an array-like of one form (a jQuery object).
   * @throws ConfigurationError when there is no such form.
   */
  extractFormInfo: (form: FormRef): CardInput => readCard(findForm(form)),
  token: {
    /**
     * Tokenizes card data (spec fields `card_number`, `holder_name`, `expiration_month`, `expiration_year`,
     * `cvv2`, optional `address`); validated locally first, so invalid data sends no request.
     */
    create(data: CardInput, success?: Ok, failure?: Fail): void {
      run(() => data, success, failure);
    },
    /**
     * Tokenizes what a form holds in inputs marked `data-paytoken-card="<spec field>"` (or `"expiry"` for one
     * `MM/YY` input) and `data-paytoken-card-address="<address field>"`. Give those inputs no `name`, so the
     * form never posts them.
     * @param form a form element, its id, or an array-like of one form (`$('#processCard')`, as the classic README).
     */
    extractFormAndCreate(form: FormRef, success?: Ok, failure?: Fail): void {
      run(() => readCard(findForm(form)), success, failure);
    },
  },
  card: {
    /** True when the PAN passes every card_number rule (16 or 19 digits, Luhn; any network). */
    validateCardNumber: (pan: string): boolean => validatePan(pan).valid,
    /** True when the digits pass the Luhn check (ISO/IEC 7812-1), whatever their number; separators allowed. */
    luhnCheck: (pan: string): boolean => luhn(normalizePan(pan)),
    /** True when the number has a length the API accepts: 16 or 19 digits, for every network (spec, Limits). */
    validateCardNumberLength: (pan: string): boolean => PAN_LENGTHS.includes(normalizePan(pan).length),
    /**
     * The networks the IIN table knows, as the classic `cardTypes()`: `{<brand>: {name, length, accept}}` with the
     * display name, the lengths the API accepts (16 and 19) and `accept: true`. Unlike the classic table it has no
     * `regx` (the IIN ranges are in src/card/brands.ts).
     */
    cardTypes: () =>
      Object.fromEntries(
        Object.entries(BRAND_NAMES).map(([brand, name]) => [brand, { name, length: [...PAN_LENGTHS], accept: true }]),
      ) as Record<Brand, { name: string; length: number[]; accept: true }>,
    /**
     * Refused: updating a stored card needs the private key (spec, Endpoints > Cards, `PUT /cards/{card_id}`;
     * Authentication: the public key only creates tokens and cards). Update it from your server.
     * @throws ConfigurationError always.
     */
    update: refuse('card.update', 'needs the private key: PUT /cards/{card_id} from your server'),
    /** True when the CVV2 is 3 or 4 digits, and the brand's length when `pan` is given (4 for amex). */
    validateCVC: (cvc: string, pan?: string): boolean => validateCvv2(cvc, pan).valid,
    /** True when month/year (two- or four-digit year) is a valid, unexpired expiry. */
    validateExpiry: (month: string | number, year: string | number): boolean => validateExpiry(month, year).valid,
    /**
     * Display name of the card network, as the classic script names it ('Visa', 'Visa Electron', 'Mastercard',
     * 'American Express', 'Diners Club Carte Blanche', 'Diners Club International', 'Discover', 'JCB') and
     * 'Carnet' or 'UnionPay'; '' for a network the IIN table does not list (the classic's 'Laser' and 'Maestro').
     */
    cardType: (pan: string): string => classicCardType(normalizePan(pan), cardBrand(normalizePan(pan))),
  },
  /**
   * The classic script's merchant-group calls (`Group.setId`, `Group.setApiKey`, `Group.token.create`, ...), refused:
   * each throws a ConfigurationError saying why (merchant groups have no public-key endpoint in the spec).
   */
  Group: {
    setId: refuse('Group.setId'),
    getId: refuse('Group.getId'),
    setApiKey: refuse('Group.setApiKey'),
    getApiKey: refuse('Group.getApiKey'),
    token: { create: refuse('Group.token.create'), extractFormAndCreate: refuse('Group.token.extractFormAndCreate') },
  },
  deviceData: {
    /**
     * Returns this page load's `device_session_id` at once; with `formId`, also writes it into a hidden input
     * named and identified `fieldName` (default `deviceDataId`, the classic script's name), one input however often
     * called. A `formId` string that names no element writes nothing and still returns the id (as the classic
     * script does). Also starts the
     * page's device-data collection (once per page load), whose result `deviceData.collected`
     * gives; once collected it is sent to `POST /v1/{merchant_id}/device-data` with the id, key and base URL set
     * by then (call the setters first). Nothing is collected with `options.collect === false` (no consent).
     * @param options `collect` (default true), `budgetMs` (hard time budget, default 500 ms).
     * @throws ConfigurationError when `formId` names an element that is not a form (or is not a form, nor an
     *   array-like of one), or `budgetMs` is not 1-10000.
     */
    setup(formId?: FormRef, fieldName?: string, options?: DeviceDataOptions): string {
      const missing = typeof formId === 'string' && !globalThis.document?.getElementById(formId);
      const id = formId && !missing ? writeDeviceSessionInput(findForm(formId), fieldName) : deviceSessionId();
      void deviceData(options, requestConfig, io); // never rejects: the collection's failures are data
      return id;
    },
    /**
     * The device data `setup` collects (visitor id, signals, missing signals, automation flags, timings), as a
     * promise that never rejects; null when `setup` was not called, was called with `collect: false`, or runs
     * outside a browser.
     */
    collected: (): Promise<DeviceData | null> => deviceData({ collect: false }, requestConfig, io), // the page's collection, if any
  },
};
