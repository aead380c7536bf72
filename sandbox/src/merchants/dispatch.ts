import { getPath } from 'hono/utils/url';
import { basicKey } from '../http/auth';
import { COOKIES } from '../pages/dashboard/security';
import type { MerchantInstance, Merchants } from './registry';

/** `/v1/{merchant_id}/...` and `/sandbox/v1/{merchant_id}/...`: the merchant is in the path. */
const BY_PATH = /^\/(?:sandbox\/)?v1\/([^/]+)(?:\/|$)/;

/** What every merchant serves alike (frames, script tags, the API reference): the primary answers it. */
const SHARED = /^\/(?:fields|js|docs)\/|^\/openapi\.json$/;

/** Most dashboard sessions whose merchant is remembered; the oldest is forgotten first (it signs in again). */
const MAX_DASHBOARD_SESSIONS = 1024;

type Env = unknown;

/**
 * Routes every request of a sandbox to the merchant it concerns (./registry.ts): by the path's merchant id (the API
 * and the simulation API), by the Basic key (the store search), by the session cookie (the dashboard: its sign-in
 * by the private key typed in), else, for the pages whose links carry only a resource id (3-D Secure bank page,
 * payment pages, slips, CFDI files), by asking each merchant in turn until one knows it (the primary first; a 404
 * from all is the primary's). Without created merchants everything goes to the primary.
 * @returns the sandbox's `fetch` (the HTTP server's handler).
 */
export function dispatcher(merchants: Merchants): (req: Request, env?: Env) => Promise<Response> {
  const dashboard = new DashboardOwners(merchants);
  return async (req, env) => {
    const path = getPath(req); // the path as the app's router reads it (percent-decoded), without parsing a URL
    const primary = merchants.primary;
    const inPath = BY_PATH.exec(path);
    if (inPath) return (merchants.byId(inPath[1]!) ?? primary).fetch(req, env);
    if (merchants.size === 0 || SHARED.test(path)) return primary.fetch(req, env);
    if (path === '/stores' || path.startsWith('/stores/')) {
      const key = basicKey(req.headers.get('authorization') ?? undefined);
      return ((key !== null && merchants.byKey(key)) || primary).fetch(req, env);
    }
    if (path === '/dashboard' || path.startsWith('/dashboard/')) return dashboard.route(req, env);
    return askEach(merchants.all(), req, env);
  };
}

/** The first answer other than 404 of the merchants in order, or the first merchant's 404. */
async function askEach(all: MerchantInstance[], req: Request, env: Env): Promise<Response> {
  let first: Response | undefined;
  for (const m of all) {
    const res = await m.fetch(req.clone(), env);
    if (res.status !== 404) return res;
    first ??= res;
  }
  return first!;
}

/** The value of the dashboard's session cookie in a `Cookie` or `Set-Cookie` header, or undefined. */
function sessionOf(header: string | null | undefined): string | undefined {
  const m = new RegExp(`(?:^|;\\s*)${COOKIES.session}=([^;]*)`).exec(header ?? '');
  return m?.[1] || undefined;
}

/** Which merchant each dashboard session signed in to (the dashboard keeps its sessions per merchant). */
class DashboardOwners {
  readonly #owner = new Map<string, string>();

  constructor(private readonly merchants: Merchants) {}

  /** Sign-in goes to the merchant whose private key the form carries; any other request to its session's merchant. */
  async route(req: Request, env: Env): Promise<Response> {
    const { pathname } = new URL(req.url);
    if (req.method === 'POST' && pathname === '/dashboard/sign-in') {
      const key = await req
        .clone()
        .formData()
        .then((f) => f.get('key'))
        .catch(() => null);
      const target = (typeof key === 'string' && this.merchants.byKey(key.trim(), 'private')) || this.merchants.primary;
      const res = await target.fetch(req, env);
      for (const cookie of res.headers.getSetCookie()) {
        const session = sessionOf(cookie);
        if (session) this.#remember(session, target.keys.id);
      }
      return res;
    }
    const owner = this.#owner.get(sessionOf(req.headers.get('cookie')) ?? '');
    return ((owner !== undefined && this.merchants.byId(owner)) || this.merchants.primary).fetch(req, env);
  }

  #remember(session: string, merchantId: string): void {
    while (this.#owner.size >= MAX_DASHBOARD_SESSIONS) this.#owner.delete(this.#owner.keys().next().value!);
    this.#owner.set(session, merchantId);
  }
}
