import type { Hono } from 'hono';
import type { Deps, SandboxEnv } from '../../env';

/** The dashboard's languages: Spanish (Mexico), the default as on every page of the sandbox, and English. */
export type Lang = 'es' | 'en';

/** A text in both languages. */
export interface Text {
  es: string;
  en: string;
}

/** What an action did, shown once on the next page (`ok`: done; else refused, with the API's error). */
export interface Flash {
  ok: boolean;
  text: Text;
  /** A link to what the action made or changed (a transaction's detail). */
  link?: { href: string; text: Text };
}

/**
 * The dashboard's Hono environment: the sandbox's, plus the language, the signed-in session, the navigation and the
 * header's merchant line (both empty before sign-in).
 */
export type DashEnv = {
  Bindings: SandboxEnv['Bindings'];
  Variables: SandboxEnv['Variables'] & {
    lang: Lang;
    session: Session;
    nav: readonly NavEntry[];
    merchantLine: string | null;
    /** A POST's form fields, read once its origin and token are checked. */
    form: Form;
  };
};

/**
 * A signed-in session, kept server side (./sessions.ts): its id (the cookie), its CSRF token, when it was created and
 * last used (epoch ms, real time), and the message of its last action, shown once.
 */
export interface Session {
  id: string;
  csrf: string;
  created: number;
  seen: number;
  flash?: Flash;
}

/** One entry of the navigation: a page module's place. */
export interface NavEntry {
  href: string;
  title: Text;
}

/** A submitted form's fields (text values only; files are refused). */
export type Form = Readonly<Record<string, string>>;

/**
 * A simulation button's handler: calls the same service as the simulation API (never a copy of its logic) and says
 * what happened. A thrown `SandboxError` is shown as the refusal it is (its code and description).
 */
export type Action = (d: Deps, form: Form) => Flash | Promise<Flash>;

/**
 * One page of the dashboard: a new resource is one module and one line in ./registry.ts.
 * - `path`: its segment under `/dashboard` (`''`: the overview);
 * - `title`: its navigation entry and heading;
 * - `routes`: its GET pages, relative to `/dashboard/{path}` (they render with ./render.tsx `page`);
 * - `actions`: its buttons, each answered at `POST /dashboard/{path}/do/{name}` (a form with the session's CSRF token),
 *   sandbox mode only (production mode serves no simulation).
 */
export interface PageModule {
  path: string;
  title: Text;
  routes(d: Deps): Hono<DashEnv>;
  actions?: Readonly<Record<string, Action>>;
}
