/**
 * Which key may call which route: the one table that both authentication (./auth.ts) and CORS (./cors.ts) read
 * (spec, Authentication: "Public key: only create cards and create tokens"). Everything under `/v1/{merchant_id}`
 * not listed here needs the private key; the simulation API (`/sandbox/v1/...`) always does; the dashboard has its
 * own sign-in and no CORS.
 *
 * The public key may also send device data (this project's extension: the browser's anti-fraud data under its
 * `device_session_id`, docs/device-data.md) and search stores (a shopper-facing search, spec "Convenience store
 * search", no merchant segment).
 */
export const PUBLIC_KEY_ROUTES: readonly { method: 'GET' | 'POST'; path: RegExp }[] = [
  { method: 'POST', path: /^\/v1\/[^/]+\/tokens\/?$/ },
  { method: 'POST', path: /^\/v1\/[^/]+\/cards\/?$/ },
  { method: 'POST', path: /^\/v1\/[^/]+\/customers\/[^/]+\/cards\/?$/ },
  { method: 'POST', path: /^\/v1\/[^/]+\/device-data(\/entry)?\/?$/ },
  { method: 'GET', path: /^\/stores\/?$/ },
];

/** Whether the public key may call `method` on `path` (the request's whole path). */
export const publicKeyMayCall = (method: string, path: string): boolean =>
  PUBLIC_KEY_ROUTES.some((r) => r.method === method && r.path.test(path));

/** Whether `path` is one of the public-key routes, whatever the method (CORS: preflights are OPTIONS). */
export const isPublicKeyPath = (path: string): boolean => PUBLIC_KEY_ROUTES.some((r) => r.path.test(path));
