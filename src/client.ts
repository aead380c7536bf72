import type { CardInput } from './card/types';
import { DEVICE_SESSION_ID, RESOURCE_ID } from './card/ids';
import { fail } from './card/result';
import { deviceData } from './fraud/device-data';
import { deviceSessionId, writeDeviceSessionInput } from './fraud/session';
import type { DeviceData, DeviceDataOptions } from './fraud/types';
import { findForm } from './form/find';
import { mountForm, type FormOptions, type MountedForm } from './form/mount';
import { authenticate, type AuthenticateOptions, type AuthenticateResult } from './form/authenticate';
import { resolveClientConfig, type ClientConfig, type ResolvedConfig } from './http/config';
import { ConfigurationError } from './errors/configuration';
import { ValidationError } from './errors/validation';
import { request } from './http/request';
import { deepFreeze, pristine } from './http/pristine';
import { cardBody, postToken } from './http/tokenize';
import { mountFields, type FieldContainers, type FieldsOptions, type HostedFields } from './hosted/controller/mount';
import type { Card, CardFromToken, Token } from './types/index';

/** Options of `cards.create`. */
export interface CardCreateOptions {
  /**
   * Stores the card on this customer (`POST /customers/{customerId}/cards`) instead of at merchant level
   * (`POST /cards`): 1-45 letters or digits.
   * @default undefined (merchant level)
   */
  customerId?: string;
}

/** A configured API client; see {@link createClient}. */
export interface Client {
  /** The checked configuration. */
  readonly config: Readonly<ResolvedConfig>;
  /** Tokenization (`POST /tokens`). */
  tokens: {
    /**
     * Tokenizes a card: validates it locally, then `POST /v1/{merchant_id}/tokens` (spec, Endpoints > Tokens).
     * @param card the card under its spec field names; see `CardInput`.
     * @returns the Token; send its `id` to your server, which charges it as `source_id`.
     * @throws ValidationError (no request sent), ApiError, NetworkError, TimeoutError (after `timeoutMs` in
     *   all). Retried once on HTTP 503 or a connection that failed before any response.
     */
    create(card: CardInput): Promise<Token>;
  };
  /** Stored cards (`POST /cards`, `POST /customers/{id}/cards`). */
  cards: {
    /**
     * Stores a card (spec, Endpoints > Cards): `POST /cards`, or `POST /customers/{customerId}/cards` with
     * `options.customerId`. Either raw card data (validated locally; this page's `device_session_id` is added)
     * or the token variant `{token_id, device_session_id}`.
     * @throws ValidationError (no request sent), ConfigurationError for a malformed `customerId`, ApiError,
     *   NetworkError, TimeoutError (after `timeoutMs` in all). Retried once on HTTP 503 only: a lost
     *   connection or a timeout may have stored the card already, so they are never retried.
     */
    create(card: CardInput | CardFromToken, options?: CardCreateOptions): Promise<Card>;
  };
  /** Device data and this page load's `device_session_id`. */
  deviceData: {
    /** This page load's `device_session_id` (32 characters of [A-Za-z0-9]). */
    sessionId(): string;
    /**
     * Writes the `device_session_id` into a hidden input of `form` (one input however often called).
     * @param form the form element or its id. @param fieldName the input name (default `deviceIdHiddenFieldName`).
     * @returns the `device_session_id`. @throws ConfigurationError when no such form exists.
     */
    setup(form: HTMLFormElement | string, fieldName?: string): string;
    /**
     * Starts this page load's device-data collection (once per page load; later calls share it) and gives the
     * `device_session_id` at once. The collected {@link DeviceData} (visitor id, signals, missing signals,
     * automation flags, timings) comes as a promise that never rejects; once collected it is sent once to
     * `POST /v1/{merchant_id}/device-data` with the public key (docs/device-data.md).
     * @param options `collect: false` (no consent) collects and sends nothing, `data` resolving to null;
     *   `budgetMs` is the hard time budget (default 500 ms). Outside a browser (SSR) `data` resolves to null.
     * @throws ConfigurationError when `budgetMs` is not 1-10000.
     */
    collect(options?: DeviceDataOptions): DeviceDataCollection;
  };
  /** The on-page form layer. */
  form: {
    /**
     * Binds a checkout form whose card inputs carry `data-paytoken-card` / `data-paytoken-card-address`
     * attributes: formatting as the shopper types, field states and events, accessible Spanish or English
     * messages, and tokenizing on submit with this client (see `MountedForm`). Mounting a form again replaces
     * the earlier binding (no duplicate listeners or hidden inputs).
     * @param form the form element or its id. @param options see `FormOptions`.
     * @throws ConfigurationError when no such form exists.
     */
    mount(form: HTMLFormElement | string, options?: FormOptions): MountedForm;
  };
  /**
   * 3-D Secure: shows the shopper the bank page of a `charge_pending` charge's `payment_method.url` (spec,
   * Charges: `use_3d_secure`, `redirect_url`), by a top-level redirect (`mode: 'redirect'`, the default; the
   * promise never settles) or in an accessible modal iframe (`mode: 'modal'` with `returnUrl`, resolving
   * `{status: 'returned', id}` or `{status: 'cancelled'}`). See `authenticate` in src/form/authenticate.ts.
   * @throws ConfigurationError at once (`url`, `returnUrl`, `mode`).
   */
  authenticate(url: string, options?: AuthenticateOptions): Promise<AuthenticateResult>;
  /** Hosted fields with this client's settings. */
  fields: {
    /**
     * Mounts hosted fields with this client's settings (and its `fieldsUrl`): one iframe per card field, served
     * from the API origin, into the merchant's containers; this page gets metadata only, and a token on
     * `tokenize()` or on the form's submit (see `mountFields`, the tree-shakable equivalent).
     * @param containers selector or element by field (`card_number` required; `expiry` or `expiration_month` and
     *   `expiration_year`; `cvv2`; optional `holder_name`). @param options see `FieldsOptions`.
     * @throws ConfigurationError for a bad `fieldsUrl`, an unknown field, a missing container, a style property
     *   outside the allowlist.
     */
    mount(containers: FieldContainers, options?: FieldsOptions): HostedFields;
  };
}

/** What `client.deviceData.collect()` returns: the session id at once, the device data later. */
export interface DeviceDataCollection {
  /** This page load's `device_session_id`: put it in your form; it never waits for the collection. */
  deviceSessionId: string;
  /** The collected device data, or null when nothing was collected (`collect: false`, or no browser). */
  data: Promise<DeviceData | null>;
}

/**
 * Creates an API client for the browser, using the merchant's public key only.
 *
 * The client, each of its members and its `config` are frozen: its settings cannot change, and no other script
 * can replace a method. It keeps the page's `XMLHttpRequest` (its prototype's methods), `fetch` and
 * `JSON.stringify` as they are now, so a script that wraps them later never sees a card (docs/security.md): create the client before such scripts run.
 *
 * @param config merchant id, public key, base URL, timeout, and optionally the accepted card networks
 *   (`acceptedBrands`: the form layer, hosted fields, `tokens.create` and `cards.create` refuse the others); see
 *   {@link ClientConfig}.
 * @throws ConfigurationError at once for a bad setting, above all a private (`sk_`) key.
 *
 * @example
 * const client = createClient({ merchantId: 'm1a2b3c4d5e6f7g8h9i0', publicKey: 'pk_test_123', baseUrl: 'http://127.0.0.1:4010' });
 * const token = await client.tokens.create({ card_number: '4111 1111 1111 1111', holder_name: 'Ana Pérez',
 *   expiration_month: '12', expiration_year: '30', cvv2: '123' });
 */
export function createClient(config: ClientConfig): Client {
  const cfg = resolveClientConfig(config);
  const io = pristine();
  const tokens: Client['tokens'] = { create: async (card) => (await postToken(cfg, card, io, cfg.acceptedBrands)).data };
  return deepFreeze({
    config: cfg,
    tokens,
    cards: {
      async create(card, options = {}) {
        const { customerId } = options;
        if (customerId !== undefined && !(typeof customerId === 'string' && RESOURCE_ID.test(customerId))) {
          throw new ConfigurationError('customerId', 'customerId must be 1-45 letters or digits');
        }
        let body: object;
        if (card && typeof card === 'object' && 'token_id' in card) {
          const { token_id, device_session_id } = card as CardFromToken;
          // the id rules the sandbox applies (card/ids.ts); a value that is no string is malformed here
          // (`format`), where the sandbox, reading JSON, names it `type`
          const errors = (
            [
              ['token_id', token_id, RESOURCE_ID],
              ['device_session_id', device_session_id, DEVICE_SESSION_ID],
            ] as const
          )
            .filter(([, v, rule]) => !(typeof v === 'string' && rule.test(v)))
            .map(([field, v]) => fail(field, v ? 'format' : 'required'));
          if (errors.length) throw new ValidationError(errors);
          body = { token_id, device_session_id };
        } else {
          // no prototype: see cardBody
          body = { __proto__: null, ...cardBody(card as CardInput, cfg.acceptedBrands), device_session_id: deviceSessionId() };
        }
        return (await request<Card>(cfg, customerId ? `/customers/${customerId}/cards` : '/cards', body, false, io)).data;
      },
    },
    deviceData: {
      sessionId: deviceSessionId,
      setup: (form, fieldName) => writeDeviceSessionInput(findForm(form), fieldName),
      collect: (options) => ({ data: deviceData(options, () => cfg, io), deviceSessionId: deviceSessionId() }),
    },
    authenticate,
    form: {
      mount: (form, options) => mountForm(findForm(form), options, tokens.create, cfg.acceptedBrands),
    },
    fields: {
      mount: (containers, options) => mountFields({ ...cfg, fieldsUrl: config.fieldsUrl }, containers, options),
    },
  });
}
