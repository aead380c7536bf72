import type { StoredRecord } from '../records';
import { stateMachine, type StateRow } from '../state-machine';
import { RFC_GENERIC_FOREIGN, RFC_GENERIC_NATIONAL } from './codes';
import type { InvoiceRequest } from './request';

/**
 * An electronic invoice (CFDI) as the sandbox keeps it, its states, and what stamping decides. Pure.
 */

/** `status` (spec, Generation response and Invoice notification object): stamping pending, stamped, refused. */
export type InvoiceStatus = 'PENDING' | 'OK' | 'ERROR';
/** `fiscal_status`: valid before the tax authority, or cancelled. */
export type FiscalStatus = 'ACTIVE' | 'CANCELLED';

/** The issuer of the sandbox's invoices (the merchant): the SAT's published test RFC, a regime of legal persons. */
export interface Issuer {
  rfc: string;
  name: string;
  /** The SAT's `c_RegimenFiscal` code. */
  regime: string;
}

/** The sandbox's issuer: `EKU9003173C9`, the RFC the SAT publishes for testing CFDI, regime 601 (general, legal persons). */
export const SANDBOX_ISSUER: Omit<Issuer, 'name'> = { rfc: 'EKU9003173C9', regime: '601' };

export interface InvoiceRecord extends StoredRecord {
  /** The merchant's `invoice_id` (unique). */
  invoiceId: string;
  /** The id of the generation request (the response's `request_id`): a new one for each accepted request. */
  requestId: string;
  /** The request as parsed (money in cents, decimals in millionths). */
  request: InvoiceRequest;
  /** The charge invoiced (`openpay_transaction_id`), or null. */
  transactionId: string | null;
  status: InvoiceStatus;
  fiscalStatus: FiscalStatus;
  issuer: Issuer;
  /** When it was stamped (`issue_date`, the stamp's FechaTimbrado), epoch ms; null until then. */
  stampedAt: number | null;
  /** The fiscal folio (UUID, upper case) given at stamping; null until then. */
  uuid: string | null;
  /** Why stamping refused it (`ERROR`), or null. */
  message: string | null;
  cancelledAt: number | null;
  /** The SAT's cancellation reason (01-04) and, for 01, the replacing CFDI's UUID. */
  cancellation: { motivo: string; folioSustitucion: string | null } | null;
  /** Random and unguessable: the public document links are `/cfdi/{linkToken}.xml` and `.pdf`. */
  linkToken: string;
  /** When the public links stop answering (`link_expiration_date`), epoch ms; null until stamped. */
  linksExpireAt: number | null;
}

/** Milliseconds between a generation request and its stamp, on the sandbox clock (2 s). */
export const STAMP_DELAY_MS = 2_000;

/** How long the public XML and PDF links answer after stamping: 30 days (then only "the dashboard" has them). */
export const LINK_TTL_MS = 30 * 86_400_000;

/**
 * Test receiver tax ids whose stamping fails, and the message each `ERROR` carries (docs/sandbox.md, "Invoices").
 * Any other receiver is stamped `OK`.
 */
export const ERROR_RFCS: Readonly<Record<string, string>> = {
  NOEX010101AA1: "The receiver's RFC is not in the tax authority's list of registered taxpayers (sandbox test RFC NOEX010101AA1)",
  NOMB010101AA2: "The receiver's name does not match the name registered for its RFC (sandbox test RFC NOMB010101AA2)",
  DOMI010101AA3: "The receiver's fiscal postal code does not match the one registered for its RFC (sandbox test RFC DOMI010101AA3)",
};

/** What stamping gives a request: `OK`, or `ERROR` with the message of a test RFC (see {@link ERROR_RFCS}). */
export function stampOutcome(req: InvoiceRequest): { status: 'OK'; message: null } | { status: 'ERROR'; message: string } {
  const message = ERROR_RFCS[req.receptor.rfc];
  return message ? { status: 'ERROR', message } : { status: 'OK', message: null };
}

/** Whether a tax id is one of the two generic ones (sales to the public, or abroad). */
export const isGenericRfc = (rfc: string): boolean => rfc === RFC_GENERIC_NATIONAL || rfc === RFC_GENERIC_FOREIGN;

/** The state an invoice is in: its stamping status and its fiscal status. */
export type InvoiceState = { status: InvoiceStatus; fiscalStatus: FiscalStatus };

/** An invoice's state as one value of the machine: `status/fiscal_status`, e.g. `OK/ACTIVE`. */
export type InvoiceStateKey = `${InvoiceStatus}/${FiscalStatus}`;

/** What moves an invoice. */
export type InvoiceTrigger = 'request' | 'stamp_ok' | 'stamp_error' | 'resubmit' | 'cancel';

/**
 * The invoice's state machine (the sandbox's: the spec lists the values, not the moves), one row per move:
 * a request starts PENDING/ACTIVE; stamping makes it OK or ERROR; a refused (ERROR) invoice may be requested again
 * under the same `invoice_id` (PENDING again); only a stamped, active invoice is cancelled.
 */
export const INVOICE_TRANSITIONS: readonly StateRow<InvoiceStateKey, InvoiceTrigger>[] = [
  { from: null, trigger: 'request', to: 'PENDING/ACTIVE' },
  { from: 'PENDING/ACTIVE', trigger: 'stamp_ok', to: 'OK/ACTIVE' },
  { from: 'PENDING/ACTIVE', trigger: 'stamp_error', to: 'ERROR/ACTIVE' },
  { from: 'ERROR/ACTIVE', trigger: 'resubmit', to: 'PENDING/ACTIVE' },
  { from: 'OK/ACTIVE', trigger: 'cancel', to: 'OK/CANCELLED' },
];

/** The invoice machine (the engine: ../state-machine.ts). */
export const INVOICE_MACHINE = stateMachine<InvoiceStateKey, InvoiceTrigger, StateRow<InvoiceStateKey, InvoiceTrigger>>({
  subject: 'invoice',
  states: ['PENDING/ACTIVE', 'OK/ACTIVE', 'ERROR/ACTIVE', 'OK/CANCELLED'],
  rows: INVOICE_TRANSITIONS,
});

/** The machine's value of an invoice state. */
export const invoiceStateKey = (s: InvoiceState): InvoiceStateKey => `${s.status}/${s.fiscalStatus}`;

/** The state after `trigger`, or null when the machine has no such move. */
export function nextInvoiceState(from: InvoiceState | null, trigger: InvoiceTrigger): InvoiceState | null {
  const row = INVOICE_MACHINE.rowOf(from && invoiceStateKey(from), trigger);
  if (!row) return null;
  const [status, fiscalStatus] = row.to.split('/') as [InvoiceStatus, FiscalStatus];
  return { status, fiscalStatus };
}
