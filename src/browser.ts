/**
 * Script-tag entry: built to `dist/paytoken.iife.js`, it defines `window.PayToken` with the method names of
 * the processor's classic tokenization script, so a checkout page migrates by renaming the global (and the
 * `data-*-card` attribute prefix to `data-paytoken-card`). Nothing runs at load time beyond defining the object.
 */
import { validateCvv2 } from './card/cvv2';
import { validateExpiry } from './card/expiry';
import { brandName } from './card/names';
import { cardBrand } from './card/brands';
import { normalizePan, validatePan } from './card/pan';
import type { CardInput } from './card/types';
import { errorCodeOf } from './errors/codes';
import { ApiError } from './errors/api';
import { PayTokenError } from './errors/base';
import { ValidationError } from './errors/validation';
import type { ErrorObject, Token } from './types/index';
import { checkBaseUrl, checkMerchantId, checkPublicKey, LOCAL_SANDBOX_URL, resolveConfig, type ClientConfig } from './http/config';
import { postToken } from './http/tokenize';
import { deviceData } from './fraud/device-data';
import { deviceSessionId, writeDeviceSessionInput } from './fraud/session';
import type { DeviceData, DeviceDataOptions } from './fraud/types';
import { findForm } from './form/find';
import { mountForm, type FormOptions, type MountedForm } from './form/mount';
import { readCard } from './form/read';

/** Success callback argument: the Token and the HTTP status. */
export interface ClassicSuccess {
  data: Token;
  status: number;
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
  message: string;
  status: number;
  data: ErrorObject & { field?: string; reason?: string };
}

type Ok = (r: ClassicSuccess) => void;
type Fail = (r: ClassicFailure) => void;

const state = { id: '', key: '', baseUrl: '', sandbox: false };

/** The failure callback's argument for any error of a call (see {@link ClassicFailure}). */
function toFailure(e: unknown): ClassicFailure {
  if (e instanceof ApiError) return { message: e.error.description, status: e.status, data: e.error };
  const err = e instanceof PayTokenError ? e : new PayTokenError('network', String(e));
  const local = err instanceof ValidationError;
  const http_code = local ? err.http_code : 0;
  return {
    message: err.message,
    status: http_code,
    data: {
      category: err.type == 'network' || err.type == 'timeout' ? 'internal' : 'request',
      request_id: '',
      error_code: errorCodeOf(err),
      http_code,
      description: err.message,
      ...(local && { field: err.field, reason: err.rule }),
    },
  };
}

/** The settings above as a client configuration; `postToken` checks it, so a missing setting fails the call. */
const config = (): ClientConfig => ({ merchantId: state.id, publicKey: state.key, baseUrl: PayToken.getBaseUrl() });

/** The settings above, checked: throws a ConfigurationError while one is missing (device data is then not sent). */
const checkedConfig = () => resolveConfig(config());

/** `POST /tokens` with the settings above, the card validated first; every failure is a rejection. */
const tokenize = (card: CardInput) => postToken(config(), card);

function run(make: () => CardInput, success?: Ok, failure?: Fail): void {
  new Promise<ClassicSuccess>((resolve) => resolve(tokenize(make()))).then(
    (r) => success?.(r),
    (e) => failure?.(toFailure(e)),
  );
}

/**
 * The classic global. Setters throw a ConfigurationError at once for a malformed value (above all a private
 * `sk_` key); `token.*` report every failure through the `failure` callback, never by throwing.
 */
const PayToken = {
  /** Sets the merchant id (`/v1/{merchant_id}`). @throws ConfigurationError when not 1-45 letters or digits. */
  setId(id: string): void {
    state.id = checkMerchantId(id);
  },
  getId: (): string => state.id,
  /** Sets the public key. @throws ConfigurationError for anything but a `pk_` key; a private key is never kept. */
  setApiKey(key: string): void {
    state.key = checkPublicKey(key);
  },
  getApiKey: (): string => state.key,
  /** Sandbox mode: without `setBaseUrl`, requests go to the local sandbox at {@link LOCAL_SANDBOX_URL}. */
  setSandboxMode(flag: boolean): void {
    state.sandbox = !!flag;
  },
  getSandboxMode: (): boolean => state.sandbox,
  /**
   * Sets the spec's `{base_url}` (the part before `/v1`): https, or http to loopback only.
   * @throws ConfigurationError for any other URL.
   */
  setBaseUrl(url: string): void {
    state.baseUrl = checkBaseUrl(url);
  },
  getBaseUrl: (): string => state.baseUrl || (state.sandbox ? LOCAL_SANDBOX_URL : ''),
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
     */
    extractFormAndCreate(form: HTMLFormElement | string, success?: Ok, failure?: Fail): void {
      run(() => readCard(findForm(form)), success, failure);
    },
  },
  card: {
    /** True when the PAN passes every card_number rule (16 or 19 digits, Luhn, known brand). */
    validateCardNumber: (pan: string): boolean => validatePan(pan).valid,
    /** True when the CVV2 is 3 or 4 digits, and the brand's length when `pan` is given (4 for amex). */
    validateCVC: (cvc: string, pan?: string): boolean => validateCvv2(cvc, pan).valid,
    /** True when month/year (two- or four-digit year) is a valid, unexpired expiry. */
    validateExpiry: (month: string | number, year: string | number): boolean => validateExpiry(month, year).valid,
    /** Display name of the card network ('Visa', 'MasterCard', 'American Express', 'Carnet', ...), or ''. */
    cardType: (pan: string): string => brandName(cardBrand(normalizePan(pan))),
  },
  form: {
    /**
     * Binds a checkout form (formatting, field states and events, Spanish or English messages, tokenizing on
     * submit with the settings above, read at submit time); the same as the ESM `client.form.mount`.
     * @param form the form element or its id. @param options see `FormOptions` (`locale`, `messages`, `flow`...).
     * @returns the {@link MountedForm}. @throws ConfigurationError when no such form exists.
     */
    mount: (form: HTMLFormElement | string, options?: FormOptions): MountedForm =>
      mountForm(findForm(form), options, async (card) => (await tokenize(card)).data),
  },
  deviceData: {
    /**
     * Returns this page load's `device_session_id` at once; with `formId`, also writes it into a hidden input
     * named `fieldName` (default `deviceIdHiddenFieldName`), one input however often called. Also starts the
     * page's device-data collection (once per page load), whose result {@link PayToken.deviceData.collected}
     * gives; once collected it is sent to `POST /v1/{merchant_id}/device-data` with the id, key and base URL set
     * by then (call the setters first). Nothing is collected with `options.collect === false` (no consent).
     * @param options `collect` (default true), `budgetMs` (hard time budget, default 500 ms).
     * @throws ConfigurationError when `formId` names no form, or `budgetMs` is not 1-10000.
     */
    setup(formId?: string | HTMLFormElement, fieldName?: string, options?: DeviceDataOptions): string {
      const id = formId ? writeDeviceSessionInput(findForm(formId), fieldName) : deviceSessionId();
      deviceData(options, checkedConfig);
      return id;
    },
    /**
     * The device data `setup` collects (visitor id, signals, missing signals, automation flags, timings), as a
     * promise that never rejects; null when `setup` was not called, was called with `collect: false`, or runs
     * outside a browser.
     */
    collected: (): Promise<DeviceData | null> => deviceData({ collect: false }, checkedConfig), // the page's collection, if any
  },
};

export default PayToken;
