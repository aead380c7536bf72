/**
 * Script-tag entry for hosted-fields checkouts (built to `dist/paytoken-hosted.iife.js`): `window.PayToken` with
 * the classic setters and `fields.mount`, nothing else. No form layer and no device-data collection on the
 * merchant page: both run inside the frames, on the API origin. Nothing runs at load beyond defining the object.
 */
import { checkBaseUrl, checkPublicKey, LOCAL_SANDBOX_URL } from '../http/config';
import { mountFields, type FieldContainers, type FieldsOptions, type HostedFields } from './controller/mount';
let id = '';
let key = '';
let base = '';
let fieldsUrl = '';
let sandbox = false;
const baseUrl = () => base || (sandbox ? LOCAL_SANDBOX_URL : '');

/**
 * The hosted-fields global, frozen: a later script cannot replace its methods. `setApiKey`, `setBaseUrl` and
 * `setFieldsUrl` throw a ConfigurationError at once for a malformed value (above all a private `sk_` key); the
 * merchant id is checked by the frames, which refuse a malformed one at mount (the `error` event, `tokenize()`
 * rejects with a ConfigurationError naming `merchantId`).
 */
const PayToken = Object.freeze({
  /** Sets the merchant id (`/v1/{merchant_id}`; 1-45 letters or digits, checked by the frames at mount). */
  setId(value: string): void {
    id = String(value);
  },
  /** The merchant id set by `setId` ('' before). */
  getId: (): string => id,
  /** Sets the public key. @throws ConfigurationError for anything but a `pk_` key. */
  setApiKey(value: string): void {
    key = checkPublicKey(value);
  },
  /** The public key set by `setApiKey` ('' before). */
  getApiKey: (): string => key,
  /** Sandbox mode: without `setBaseUrl`, the local sandbox at `http://127.0.0.1:4010`. */
  setSandboxMode(flag: boolean): void {
    sandbox = !!flag;
  },
  /** Whether sandbox mode is on. @default false */
  getSandboxMode: (): boolean => sandbox,
  /** Sets the spec's `{base_url}`: https, or http to loopback only. @throws ConfigurationError otherwise. */
  setBaseUrl(url: string): void {
    base = checkBaseUrl(url);
  },
  /** The `{base_url}` in use: the one set, else the local sandbox in sandbox mode, else ''. */
  getBaseUrl: baseUrl,
  /** Sets where the frame pages are served; default `{base_url}/fields/v1`. @throws ConfigurationError as `setBaseUrl`. */
  setFieldsUrl(url: string): void {
    fieldsUrl = checkBaseUrl(url, 'fieldsUrl');
  },
  /** Hosted fields with the settings above. */
  fields: Object.freeze({
    /**
     * Mounts hosted fields with the settings above (read now): see `mountFields` (ESM) for containers, options,
     * events and the returned object.
     * @throws ConfigurationError (no id, key or base URL set; a missing container; a refused style property).
     */
    mount: (containers: FieldContainers, options?: FieldsOptions): HostedFields =>
      mountFields({ merchantId: id, publicKey: key, baseUrl: baseUrl(), ...(fieldsUrl && { fieldsUrl }) }, containers, options),
  }),
});

export default PayToken;
