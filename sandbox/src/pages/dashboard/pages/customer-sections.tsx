/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx';
import type { Deps } from '../../../env';
import type { CustomerRecord } from '../../../domain/records';
import { both, tr } from '../i18n';
import { customerExtras } from '../service';
import { Table, type View } from '../ui';
import { SubscriptionTable } from './billing';

/** The sections of a customer's page beyond its cards: its bank accounts (CLABE masked) and its subscriptions. */

const CS = {
  banks: both('Cuentas bancarias', 'Bank accounts'),
  banksCaption: both('Cuentas bancarias del cliente (destinos de retiros)', "The customer's bank accounts (payout destinations)"),
  noBanks: both('Ninguna cuenta bancaria.', 'No bank account.'),
  subs: both('Suscripciones', 'Subscriptions'),
  subsCaption: both('Suscripciones del cliente', "The customer's subscriptions"),
  id: both('Id', 'Id'),
  holder: both('Titular', 'Holder'),
  bank: both('Banco', 'Bank'),
  clabe: both('CLABE', 'CLABE'),
  alias: both('Alias', 'Alias'),
};

/** A CLABE as the dashboard shows a stored account: its bank code and last four only (`012***********1234`). */
export const shownClabe = (clabe: string): string => `${clabe.slice(0, 3)}${'*'.repeat(Math.max(0, clabe.length - 7))}${clabe.slice(-4)}`;

/** The customer's bank accounts and subscriptions. */
export function customerExtrasSection(d: Deps, v: View, u: CustomerRecord): Child {
  const { banks, subs } = customerExtras(d, u.id);
  return (
    <>
      <h2>{tr(v.lang, CS.banks)}</h2>
      <Table
        v={v}
        caption={CS.banksCaption}
        empty={CS.noBanks}
        columns={[{ title: CS.bank }, { title: CS.clabe }, { title: CS.holder }, { title: CS.alias }, { title: CS.id }]}
        rows={banks.map((b) => [
          b.bankName,
          <span class="mono">{shownClabe(b.clabe)}</span>,
          b.holderName,
          b.alias ?? '—',
          <span class="mono">{b.id}</span>,
        ])}
      />
      <h2>{tr(v.lang, CS.subs)}</h2>
      <SubscriptionTable v={v} rows={subs} caption={CS.subsCaption} />
    </>
  );
}
