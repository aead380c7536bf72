/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx';
import type { Deps } from '../../../env';
import { apiError } from '../../../domain/errors';
import type { TransactionRecord } from '../../../domain/records';
import { chargeback, type ChargebackOutcome } from '../../../resources/charges/chargeback';
import { ivrCall } from '../../../resources/charges/ivr';
import { payAtStore } from '../../../resources/charges/offline-payments';
import { decideWalletCharge } from '../../../resources/charges/wallet';
import { receiveSpei } from '../../../simulate/service';
import { shownMoney } from '../format';
import { both, tr } from '../i18n';
import { transactionOf } from '../service';
import type { Action, Text } from '../types';
import { ActionForm, type View } from '../ui';
import { Target, told, TX_HOME } from './tx-parts';

/**
 * The simulations beside a transaction (docs/sandbox.md, "Dashboard"): what the shopper, the store, the bank, the
 * wallet, the IVR and the cardholder do, each a plain form post answered by the simulation API's own service
 * (simulate/service.ts and resources/charges/: pay.ts, wallet.ts, ivr.ts, chargeback.ts), never a copy of its logic.
 */

export const SIM = {
  payStore: both('Pagar en tienda', 'Pay at the store'),
  sendSpei: both('Enviar la transferencia SPEI', 'Send the SPEI transfer'),
  walletApprove: both('Aprobar en la billetera', 'Approve in the wallet'),
  walletDecline: both('Rechazar en la billetera', 'Decline in the wallet'),
  ivrApprove: both('Contestar la llamada con una tarjeta aprobada', 'Answer the call with an approved card'),
  ivrDecline: both('Contestar la llamada con una tarjeta rechazada', 'Answer the call with a declined card'),
  cbOpen: both('Abrir un contracargo', 'Open a chargeback'),
  cbAccept: both('Aceptar el contracargo (gana el tarjetahabiente)', 'Accept the chargeback (the cardholder wins)'),
  cbReject: both('Rechazar el contracargo (gana el comercio)', 'Reject the chargeback (the merchant wins)'),
  storeHint: both('El cajero cobra exactamente el importe de la ficha', 'The cashier takes exactly the slip’s amount'),
  speiHint: both('Por exactamente el importe, a la CLABE', 'For exactly the amount, to CLABE'),
};

/** The kind of payment page or call a pending charge waits for, from its `payment_method`. */
const payType = (t: TransactionRecord): string => String(t.paymentMethod?.type ?? '');
const isWallet = (t: TransactionRecord) => typeof t.paymentMethod?.url === 'string' && t.paymentMethod.url.includes('/wallet/');

/** One button of a simulation on transaction `t`: a form with the transaction's id, posted to `do/{name}`. */
const Button = ({ v, t, name, label, secondary }: { v: View; t: TransactionRecord; name: string; label: Text; secondary?: boolean }) => (
  <ActionForm v={v} action={`${TX_HOME}/do/${name}`}>
    <Target t={t} />
    <button type="submit" class={secondary ? 'secondary' : undefined}>
      {tr(v.lang, label)}
    </button>
  </ActionForm>
);

/** The simulations' buttons, each null when it does not apply to the transaction in its state. */
export const SIMULATION_BUTTONS: ((v: View, t: TransactionRecord) => Child | null)[] = [
  (v, t) =>
    t.kind === 'charge' && payType(t) === 'store' && t.status === 'in_progress' ? (
      <div class="sim">
        <Button v={v} t={t} name="pay-store" label={SIM.payStore} />
        <p class="note">
          {tr(v.lang, SIM.storeHint)}: {shownMoney(t.amountCents, t.currency)} ({String(t.paymentMethod?.reference)})
        </p>
      </div>
    ) : null,
  (v, t) =>
    t.kind === 'charge' && payType(t) === 'bank_transfer' && t.status === 'in_progress' ? (
      <div class="sim">
        <Button v={v} t={t} name="send-spei" label={SIM.sendSpei} />
        <p class="note">
          {tr(v.lang, SIM.speiHint)} <span class="mono">{String(t.paymentMethod?.clabe)}</span>: {shownMoney(t.amountCents, t.currency)}
        </p>
      </div>
    ) : null,
  (v, t) =>
    t.kind === 'charge' && isWallet(t) && t.status === 'charge_pending' ? (
      <>
        <Button v={v} t={t} name="wallet-approve" label={SIM.walletApprove} />
        <Button v={v} t={t} name="wallet-decline" label={SIM.walletDecline} secondary />
      </>
    ) : null,
  (v, t) =>
    t.kind === 'charge' && payType(t) === 'ivr' && t.status === 'charge_pending' ? (
      <>
        <Button v={v} t={t} name="ivr-approve" label={SIM.ivrApprove} />
        <Button v={v} t={t} name="ivr-decline" label={SIM.ivrDecline} secondary />
      </>
    ) : null,
  (v, t) =>
    t.kind === 'charge' && t.method === 'card' && t.status === 'completed' ? (
      <Button v={v} t={t} name="chargeback-open" label={SIM.cbOpen} secondary />
    ) : null,
  (v, t) =>
    t.kind === 'charge' && t.status === 'chargeback_pending' ? (
      <>
        <Button v={v} t={t} name="chargeback-accept" label={SIM.cbAccept} secondary />
        <Button v={v} t={t} name="chargeback-reject" label={SIM.cbReject} />
      </>
    ) : null,
];

/** The transaction a button names. @throws 1005 when there is none with that id. */
function target(d: Deps, id: string | undefined): TransactionRecord {
  const t = transactionOf(d, id ?? '');
  if (!t) throw apiError(1005, `Transaction ${id ?? ''} not found`);
  return t;
}

/** A string member of a transaction's `payment_method` (its store reference, its CLABE), or '' (the service refuses it). */
const pm = (t: TransactionRecord, key: string): string => String(t.paymentMethod?.[key] ?? '');

/** The card the IVR call keys: a test card (approved or declined), valid three years from the sandbox's now. */
function ivrCard(d: Deps, approved: boolean) {
  const year = (d.clock.now().getUTCFullYear() + 3) % 100;
  return {
    card_number: approved ? '4111111111111111' : '4000000000000002',
    expiration_month: '12',
    expiration_year: String(year).padStart(2, '0'),
    cvv2: '123',
  };
}

/** A chargeback step, through the simulation API's service. */
const dispute =
  (outcome: ChargebackOutcome, es: string, en: string): Action =>
  (d, form) =>
    told(chargeback(d, form.id ?? '', outcome), es, en);

/** The simulations' handlers (`POST /dashboard/transactions/do/{name}`, form field `id`). */
export const SIMULATION_ACTIONS: Readonly<Record<string, Action>> = {
  'pay-store': (d, form) => {
    const t = target(d, form.id);
    return told(payAtStore(d, pm(t, 'reference'), t.amountCents), 'Pagado en tienda en efectivo:', 'Paid in cash at the store:');
  },
  'send-spei': (d, form) => {
    const t = target(d, form.id);
    const clabe = pm(t, 'clabe');
    return told(
      receiveSpei(d, clabe, t.amountCents),
      `Llegó la transferencia SPEI a la CLABE ${clabe}:`,
      `The SPEI transfer to CLABE ${clabe} arrived:`,
    );
  },
  'wallet-approve': (d, form) =>
    told(decideWalletCharge(d, form.id ?? '', true), 'El pagador aprobó en la billetera:', 'The payer approved in the wallet:'),
  'wallet-decline': (d, form) =>
    told(decideWalletCharge(d, form.id ?? '', false), 'El pagador rechazó en la billetera:', 'The payer declined in the wallet:'),
  'ivr-approve': (d, form) =>
    told(
      ivrCall(d, form.id ?? '', ivrCard(d, true)),
      'La llamada IVR pagó con una tarjeta aprobada:',
      'The IVR call paid with an approved card:',
    ),
  'ivr-decline': (d, form) => told(ivrCall(d, form.id ?? '', ivrCard(d, false)), 'La llamada IVR:', 'The IVR call:'),
  'chargeback-open': dispute('pending', 'Contracargo abierto; el cargo', 'Chargeback opened; the charge'),
  'chargeback-accept': dispute('accepted', 'Contracargo aceptado; el cargo', 'Chargeback accepted; the charge'),
  'chargeback-reject': dispute('rejected', 'Contracargo rechazado; el cargo', 'Chargeback rejected; the charge'),
};
