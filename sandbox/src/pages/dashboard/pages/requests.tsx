/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import type { Deps } from '../../../env';
import { offsetOf, oneOf } from '../forms';
import { both, COMMON, tr } from '../i18n';
import { BASE, page, viewOf } from '../render';
import { requestOf, requests, type LoggedApiRequest, type RequestLogFilter } from '../service';
import type { DashEnv, PageModule, Text } from '../types';
import { Choice, Facts, Field, Json, Pager, PathText, Table, Tag, When, type View } from '../ui';

/**
 * The request log: every API request the sandbox answered, newest first (the newest thousand are kept), each as the
 * http/api-log.ts middleware recorded it: already masked, so nothing here can show a card number beyond its BIN and
 * last four, a CVV2 or a key.
 */

const HOME = `${BASE}/requests`;
const LIMIT = 50;
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
const CLASSES = ['2', '3', '4', '5'] as const;

const RQ = {
  title: both('Registro de solicitudes', 'Request log'),
  caption: both('Solicitudes a la API, las más recientes primero', 'API requests, newest first'),
  intro: both(
    'Cada solicitud a la API, con lo que respondió. Los números de tarjeta se guardan enmascarados (BIN y últimos cuatro) y el CVV2 nunca se guarda.',
    'Every API request, with what it answered. Card numbers are kept masked (BIN and last four) and the CVV2 is never kept.',
  ),
  time: both('Hora', 'Time'),
  method: both('Método', 'Method'),
  path: both('Ruta', 'Path'),
  status: both('Estado HTTP', 'HTTP status'),
  statusClass: both('Estado HTTP', 'HTTP status'),
  error: both('Código de error', 'Error code'),
  key: both('Llave', 'Key'),
  ms: both('ms', 'ms'),
  id: both('Id de solicitud', 'Request id'),
  body: both('Cuerpo (extracto enmascarado)', 'Body (masked excerpt)'),
  noBody: both('Sin cuerpo, o no se leyó (la solicitud se rechazó antes).', 'No body, or it was not read (the request was refused first).'),
  reset: both('conexión reiniciada', 'connection reset'),
  empty: both('Ninguna solicitud coincide.', 'No request matches.'),
  gone: both(
    'Esa solicitud no está en el registro (se guardan las más recientes).',
    'That request is not in the log (the newest are kept).',
  ),
};

/** How a request authenticated, in words. */
const KEYS: Record<LoggedApiRequest['keyKind'], Text> = {
  private: both('privada', 'private'),
  public: both('pública', 'public'),
  invalid: both('no válida', 'not valid'),
  none: both('ninguna', 'none'),
};

/** The filters from the query string. */
function filterOf(c: Context<DashEnv>): RequestLogFilter {
  const cls = oneOf(c.req.query('status'), CLASSES);
  return { statusClass: cls && (Number(cls) as 2 | 3 | 4 | 5), method: oneOf(c.req.query('method'), METHODS) };
}

/** A status as a tag: 2xx good, 4xx and 5xx bad, 0 (reset) bad. */
const Status = ({ v, s }: { v: View; s: number }) =>
  s === 0 ? <Tag value={tr(v.lang, RQ.reset)} tone="bad" /> : <Tag value={String(s)} tone={s < 400 ? 'good' : 'bad'} />;

/** A link to one request's detail. */
const RequestLink = ({ id }: { id: string }) => (
  <a class="mono" href={`${HOME}/${encodeURIComponent(id)}`}>
    {id}
  </a>
);

/** The table of some logged requests (the log, the overview's latest). */
export const RequestTable = ({ v, rows }: { v: View; rows: readonly LoggedApiRequest[] }) => (
  <Table
    v={v}
    caption={RQ.caption}
    empty={RQ.empty}
    columns={[
      { title: RQ.time },
      { title: RQ.method },
      { title: RQ.path },
      { title: RQ.status },
      { title: RQ.error },
      { title: RQ.key },
      { title: RQ.ms, num: true },
      { title: RQ.id },
    ]}
    rows={rows.map((r) => [
      <When ms={r.created} />,
      <code>{r.method}</code>,
      <PathText path={r.path} />,
      <Status v={v} s={r.status} />,
      r.errorCode === null ? '' : <code>{r.errorCode}</code>,
      tr(v.lang, KEYS[r.keyKind]),
      String(r.ms),
      <RequestLink id={r.id} />,
    ])}
  />
);

/** `GET /dashboard/requests`: the log, filtered by status class and method. */
function listPage(d: Deps, c: Context<DashEnv>) {
  const v = viewOf(c, d.mode === 'sandbox');
  const f = filterOf(c);
  const offset = offsetOf(c.req.query('offset'));
  const { items, more } = requests(d, f, offset, LIMIT);
  const query = new URLSearchParams();
  if (f.statusClass) query.set('status', String(f.statusClass));
  if (f.method) query.set('method', f.method);
  return page(
    c,
    RQ.title,
    <>
      <p class="note">{tr(v.lang, RQ.intro)}</p>
      <form class="filters" method="get" action={HOME} role="search" aria-label={tr(v.lang, COMMON.filter)}>
        <Field v={v} id="status" label={RQ.statusClass}>
          <Choice v={v} id="status" value={f.statusClass && String(f.statusClass)} options={CLASSES.map((k) => [k, `${k}xx`])} />
        </Field>
        <Field v={v} id="method" label={RQ.method}>
          <Choice v={v} id="method" value={f.method} options={METHODS.map((m) => [m, m])} />
        </Field>
        <button type="submit">{tr(v.lang, COMMON.filter)}</button>
        <a href={HOME}>{tr(v.lang, COMMON.clear)}</a>
      </form>
      <RequestTable v={v} rows={items} />
      <Pager v={v} base={HOME} query={query} offset={offset} limit={LIMIT} more={more} />
    </>,
  );
}

/** The body excerpt: pretty JSON when it is whole JSON, else the text as kept. */
function shownBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** A path without its query and the API's prefix (`/v1/{merchant_id}`), for a heading: `/tokens`. */
const shortPath = (path: string) => path.split('?')[0]!.replace(/^\/(v1|sandbox\/v1)\/[^/]+(?=\/|$)/, '') || '/';

/** `GET /dashboard/requests/{request_id}`: one request, or a 404 page. */
function detailPage(d: Deps, c: Context<DashEnv>) {
  const v = viewOf(c, d.mode === 'sandbox');
  const r = requestOf(d, c.req.param('id') ?? '');
  if (!r) return page(c, COMMON.notFound, <p>{tr(v.lang, RQ.gone)}</p>, 404);
  return page(
    c,
    both(`Solicitud ${r.method} ${shortPath(r.path)}`, `Request ${r.method} ${shortPath(r.path)}`),
    <>
      <Facts
        v={v}
        items={[
          [RQ.id, <span class="mono">{r.id}</span>],
          [RQ.time, <When ms={r.created} />],
          [RQ.method, <code>{r.method}</code>],
          [RQ.path, <PathText path={r.path} />],
          [RQ.status, <Status v={v} s={r.status} />],
          [RQ.error, r.errorCode === null ? null : <code>{r.errorCode}</code>],
          [RQ.key, tr(v.lang, KEYS[r.keyKind])],
          [RQ.ms, String(r.ms)],
        ]}
      />
      <h2>{tr(v.lang, RQ.body)}</h2>
      {r.body === null ? <p class="note">{tr(v.lang, RQ.noBody)}</p> : <Json v={v} value={shownBody(r.body)} label={RQ.body} />}
    </>,
  );
}

/** The page module (../registry.ts). */
export const requestsPage: PageModule = {
  path: 'requests',
  title: RQ.title,
  routes: (d) => new Hono<DashEnv>().get('/', (c) => listPage(d, c)).get('/:id', (c) => detailPage(d, c)),
};
