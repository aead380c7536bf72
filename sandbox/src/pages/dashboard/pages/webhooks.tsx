/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import type { Deps } from '../../../env';
import { resendEvent } from '../../../resources/webhooks/service';
import { offsetOf } from '../forms';
import { both, tr } from '../i18n';
import { BASE, page, viewOf } from '../render';
import { webhookLog } from '../service';
import type { Action, DashEnv, PageModule } from '../types';
import { ActionForm, Json, Pager, PathText, Table, Tag, type View } from '../ui';

/**
 * Webhooks and their delivery log (docs/webhooks.md): each webhook, each delivery with its attempts (the request
 * sent, the response, the time it took) and a button that sends the event again, through the same service as the
 * simulation API's `POST /events/{id}/resend`.
 */

const HOME = `${BASE}/webhooks`;
const LIMIT = 20;

const WH = {
  title: both('Webhooks y entregas', 'Webhooks and deliveries'),
  hooks: both('Webhooks', 'Webhooks'),
  hooksCaption: both('Webhooks registrados', 'Registered webhooks'),
  noHooks: both('Ningún webhook todavía (POST /webhooks).', 'No webhook yet (POST /webhooks).'),
  log: both('Entregas', 'Deliveries'),
  logCaption: both('Entregas, las más recientes primero', 'Deliveries, newest first'),
  noLog: both('Ninguna entrega todavía.', 'No delivery yet.'),
  id: both('Id', 'Id'),
  url: both('URL', 'URL'),
  events: both('Eventos', 'Events'),
  status: both('Estado', 'Status'),
  date: both('Fecha', 'Date'),
  event: both('Evento', 'Event'),
  webhook: both('Webhook', 'Webhook'),
  attempts: both('Intentos', 'Attempts'),
  last: both('Última respuesta', 'Last response'),
  detail: both('Solicitud y respuesta', 'Request and response'),
  resend: both('Reenviar', 'Resend'),
  ms: both('ms', 'ms'),
};

const TONE: Record<string, string> = { delivered: 'good', verified: 'good', failed: 'bad', cancelled: 'bad', disabled: 'bad' };

type Delivery = ReturnType<typeof webhookLog>['deliveries']['items'][number];

/** A delivery's last answer: its HTTP status and time, or its error. */
const LastAnswer = ({ v, dl }: { v: View; dl: Delivery }) => {
  const a = dl.log.at(-1);
  if (!a) return <>—</>;
  return (
    <>
      {a.response_status ?? a.error ?? a.outcome} · {a.duration_ms} {tr(v.lang, WH.ms)} ·{' '}
      <time datetime={a.date}>{a.date.slice(0, 19).replace('T', ' ')}</time>
    </>
  );
};

/** The resend button of a delivery: the event again, to this webhook. */
const Resend = ({ v, dl }: { v: View; dl: Delivery }) => (
  <ActionForm v={v} action={`${HOME}/do/resend`} label={`${tr(v.lang, WH.resend)} ${dl.event_id}`}>
    <input type="hidden" name="event" value={dl.event_id} />
    <input type="hidden" name="webhook" value={dl.webhook_id} />
    <button type="submit" class="secondary">
      {tr(v.lang, WH.resend)}
    </button>
  </ActionForm>
);

/** `GET /dashboard/webhooks`: the webhooks, then the delivery log (paged). */
function webhooksPage(d: Deps, c: Context<DashEnv>) {
  const v = viewOf(c, d.mode === 'sandbox');
  const offset = offsetOf(c.req.query('offset'));
  const { hooks, deliveries } = webhookLog(d, offset, LIMIT);
  return page(
    c,
    WH.title,
    <>
      <h2>{tr(v.lang, WH.hooks)}</h2>
      <Table
        v={v}
        caption={WH.hooksCaption}
        empty={WH.noHooks}
        columns={[{ title: WH.id }, { title: WH.url }, { title: WH.status }, { title: WH.events }]}
        rows={hooks.map((w) => [
          <span class="mono">{w.id}</span>,
          <PathText path={w.url} />,
          <Tag value={w.status} tone={TONE[w.status]} />,
          w.eventTypes.join(', '),
        ])}
      />
      <h2>{tr(v.lang, WH.log)}</h2>
      <Table
        v={v}
        caption={WH.logCaption}
        empty={WH.noLog}
        columns={[
          { title: WH.date },
          { title: WH.event },
          { title: WH.webhook },
          { title: WH.status },
          { title: WH.attempts, num: true },
          { title: WH.last },
          { title: WH.detail },
        ]}
        rows={deliveries.items.map((dl) => [
          <time datetime={dl.creation_date}>{dl.creation_date.slice(0, 19).replace('T', ' ')}</time>,
          <>
            <code>{dl.event_type}</code> <span class="mono">{dl.event_id}</span>
          </>,
          <span class="mono">{dl.webhook_id}</span>,
          <Tag value={dl.status} tone={TONE[dl.status]} />,
          String(dl.attempts),
          <LastAnswer v={v} dl={dl} />,
          <>
            <details>
              <summary>JSON</summary>
              <Json v={v} value={dl} label={both(`Entrega ${dl.id}`, `Delivery ${dl.id}`)} />
            </details>
            <Resend v={v} dl={dl} />
          </>,
        ])}
      />
      <Pager v={v} base={HOME} query={new URLSearchParams()} offset={offset} limit={LIMIT} more={deliveries.more} />
    </>,
  );
}

/** The webhooks' button: an event sent again to one webhook (a new delivery, queued now). */
const ACTIONS: Readonly<Record<string, Action>> = {
  resend: (d, form) => {
    const made = resendEvent(d, form.event ?? '', form.webhook || undefined);
    const ids = made.map((dl) => dl.id).join(', ');
    return {
      ok: true,
      text: both(
        `Evento ${form.event} reenviado: ${made.length} entrega(s) nueva(s) en cola (${ids}).`,
        `Event ${form.event} sent again: ${made.length} new deliver${made.length === 1 ? 'y' : 'ies'} queued (${ids}).`,
      ),
    };
  },
};

/** The page module (../registry.ts). */
export const webhooksModule: PageModule = {
  path: 'webhooks',
  title: WH.title,
  routes: (d) => new Hono<DashEnv>().get('/', (c) => webhooksPage(d, c)),
  actions: ACTIONS,
};
