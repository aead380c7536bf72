/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import type { Deps } from '../../../env';
import { offsetOf } from '../forms';
import { both, tr } from '../i18n';
import { BASE, page, viewOf } from '../render';
import { invoices } from '../service';
import type { DashEnv, PageModule } from '../types';
import { Money, Pager, Table, Tag } from '../ui';
import { TxLink } from './tx-parts';

/** CFDI invoices (docs/sandbox.md, "Invoices"): each one's status, totals, fiscal folio and its XML and PDF once stamped. */

const HOME = `${BASE}/invoices`;
const LIMIT = 25;

const IN = {
  title: both('Facturas (CFDI)', 'Invoices (CFDI)'),
  caption: both('Facturas, las más recientes primero', 'Invoices, newest first'),
  empty: both('Ninguna factura todavía (POST /invoices/v40).', 'No invoice yet (POST /invoices/v40).'),
  id: both('Factura', 'Invoice'),
  status: both('Estado', 'Status'),
  rfc: both('RFC del receptor', 'Receiver RFC'),
  total: both('Total', 'Total'),
  uuid: both('Folio fiscal (UUID)', 'Fiscal folio (UUID)'),
  charge: both('Cargo', 'Charge'),
  files: both('Documentos', 'Documents'),
  notYet: both('al timbrarse', 'once stamped'),
};

const TONE: Record<string, string> = { OK: 'good', ERROR: 'bad', PENDING: 'wait' };

/** `GET /dashboard/invoices`. */
function invoicesPage(d: Deps, c: Context<DashEnv>) {
  const v = viewOf(c, d.mode === 'sandbox');
  const offset = offsetOf(c.req.query('offset'));
  const list = invoices(d, offset, LIMIT);
  return page(
    c,
    IN.title,
    <>
      <Table
        v={v}
        caption={IN.caption}
        empty={IN.empty}
        columns={[
          { title: IN.id },
          { title: IN.status },
          { title: IN.rfc },
          { title: IN.total, num: true },
          { title: IN.uuid },
          { title: IN.charge },
          { title: IN.files },
        ]}
        rows={list.items.map((inv) => [
          <span class="mono">{`${inv.serie ?? ''}${inv.folio ?? ''} ${inv.invoice_id}`.trim()}</span>,
          <>
            <Tag value={inv.status} tone={TONE[inv.status]} /> {inv.fiscal_status}
            {inv.message ? <span class="note"> {inv.message}</span> : null}
          </>,
          <span class="mono">{inv.receiver_rfc}</span>,
          <Money cents={Math.round(inv.total * 100)} />,
          inv.uuid ? <span class="mono">{inv.uuid}</span> : '—',
          inv.transaction_id ? <TxLink id={inv.transaction_id} /> : '—',
          inv.public_xml_link && inv.public_pdf_link ? (
            <>
              <a href={inv.public_xml_link}>XML</a> · <a href={inv.public_pdf_link}>PDF</a>
            </>
          ) : (
            tr(v.lang, IN.notYet)
          ),
        ])}
      />
      <Pager v={v} base={HOME} query={new URLSearchParams()} offset={offset} limit={LIMIT} more={list.more} />
    </>,
  );
}

/** The page module (../registry.ts). */
export const invoicesModule: PageModule = {
  path: 'invoices',
  title: IN.title,
  routes: (d) => new Hono<DashEnv>().get('/', (c) => invoicesPage(d, c)),
};
