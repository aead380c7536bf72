/**
 * The request bodies the contract tests send (sandbox/test/contract) and the OpenAPI document shows as each
 * operation's example (./examples.ts): one copy. Members naming a record made before (a token, a customer, a plan,
 * a CLABE) are left out; the caller adds them. Card data is the spec's public test cards only.
 */

/** `POST /tokens` (and a card from card data): the approved visa test card, expiry far ahead. */
export const CARD_REQUEST = {
  card_number: '4111111111111111',
  holder_name: 'Ana Pérez',
  expiration_month: '12',
  expiration_year: '30',
  cvv2: '123',
};

/** A points card (the visa test card with 50,000 points): its token's and card's `points` have a balance. */
export const POINTS_CARD_REQUEST = { ...CARD_REQUEST, card_number: '4000000000004004' };

/** `PUT /cards/{id}`: a new holder name. */
export const CARD_UPDATE_REQUEST = { holder_name: 'Ana Pérez García' };

/** `POST /customers`: the two members the spec requires. */
export const CUSTOMER_REQUEST = { name: 'Ana', email: 'ana@example.com' };

/** `PUT /customers/{id}`. */
export const CUSTOMER_UPDATE_REQUEST = { last_name: 'Pérez', phone_number: '5512345678' };

/** The customer embedded in a merchant-level charge. */
export const CHARGE_CUSTOMER = { name: 'Ana', last_name: 'Pérez', email: 'ana@example.com' };

/** A 32-character `device_session_id` (spec, Device data). */
export const DEVICE_SESSION_ID = 'dsid0123456789abcdefABCDEF012345';

/** `POST /charges`, a card charge (add `source_id` and `order_id`). */
export const CARD_CHARGE_REQUEST = {
  method: 'card',
  amount: 349.5,
  description: 'Coffee beans, 1 kg',
  device_session_id: DEVICE_SESSION_ID,
  customer: CHARGE_CUSTOMER,
};

/** `POST /charges`, a store (cash) or bank (SPEI) charge: `method` `store` or `bank_account` (add `order_id`). */
export const OFFLINE_CHARGE_REQUEST = { amount: 250.5, description: 'Pedido 1042', customer: CHARGE_CUSTOMER };

/** `POST /charges/{id}/capture`: part of a held amount. */
export const CAPTURE_REQUEST = { amount: 300 };

/** `POST /charges/{id}/refund` (and a fee's). */
export const REFUND_REQUEST = { amount: 100, description: 'broken lid' };

/** `POST /plans`: MXN 149.90 a month, 2 retries then unpaid, no trial. */
export const PLAN_REQUEST = {
  name: 'Café del mes',
  amount: 149.9,
  repeat_every: 1,
  repeat_unit: 'month',
  retry_times: 2,
  status_after_retry: 'unpaid',
  trial_days: 0,
};

/** `PUT /plans/{id}`. */
export const PLAN_UPDATE_REQUEST = { name: 'Café del mes, edición especial' };

/** `PUT /customers/{id}/subscriptions/{id}`: cancel when the period ends. */
export const SUBSCRIPTION_UPDATE_REQUEST = { cancel_at_period_end: true };

/** `POST /customers/{id}/bankaccounts`: a CLABE of BBVA MEXICO (012), check digit valid. */
export const BANK_ACCOUNT_REQUEST = { holder_name: 'Ana Pérez', alias: 'Nómina', clabe: '012180001234567899' };

/** `POST /payouts` (add `destination_id`, a bank account, or `bank_account` inline; and `order_id`). */
export const PAYOUT_REQUEST = { method: 'bank_account', amount: 100, description: 'Weekly payout' };

/** A bank account given inline in a merchant's payout: a CLABE of BANORTE (072), check digit valid. */
export const PAYOUT_BANK_ACCOUNT = { clabe: '072180001234567897', holder_name: 'Tienda Demo SA' };

/** `POST /customers/{id}/transfers` (add `customer_id`, the receiver, and `order_id`). */
export const TRANSFER_REQUEST = { amount: 100, description: 'Rent, March' };

/** `POST /fees` (add `customer_id` and `order_id`). */
export const FEE_REQUEST = { amount: 25, description: 'Monthly service fee' };

/** `POST /webhooks` (add `url`). */
export const WEBHOOK_REQUEST = { event_types: ['charge.succeeded', 'charge.refunded'] };

/** What a card field's entry looked like (`POST /device-data/entry`): a person typing 16 digits, about 180 ms apart, each held about 90 ms. */
export const TYPED_ENTRY = {
  methods: ['typed'],
  keys: 16,
  key_interval_ms: [182.4, 61.2],
  key_dwell_ms: 88.1,
  focus_to_complete_ms: 4210,
  focus_changes: 1,
};

/**
 * `POST /invoices/v40`, a CFDI 4.0 income invoice whose arithmetic holds:
 * concept 1: 2 x 350.00 = 700.00, discount 20.00, VAT 16% of 680.00 = 108.80;
 * concept 2: 1.5 x 200.00 = 300.00, VAT 16% of 300.00 = 48.00, income tax withheld 10% of 300.00 = 30.00;
 * subtotal 1000.00, discount 20.00, transferred 156.80, withheld 30.00, total 1000 - 20 + 156.80 - 30 = 1106.80.
 */
export const INVOICE_REQUEST = {
  invoice_id: 'F-1001',
  tipo_comprobante: 'I',
  serie: 'A',
  folio: '1001',
  total: 1106.8,
  subtotal: 1000,
  descuento: 20,
  forma_pago: '04',
  metodo_pago: 'PUE',
  lugar_expedicion: '06600',
  observaciones: 'Entrega en tienda',
  total_trasladados: 156.8,
  total_retenidos: 30,
  moneda: 'MXN',
  tipo_de_cambio: 1,
  receptor: { nombre: 'Ana Pérez García', rfc: 'PEGA800101AB1', email: 'ana@example.com', residencia_fiscal: '03100', uso_cfdi: 'G03' },
  conceptos: [
    {
      identificador: 'CAF-1KG',
      cantidad: 2,
      unidad: 'Pieza',
      clave_unidad: 'H87',
      descripcion: 'Café de Chiapas, 1 kg',
      valor_unitario: 350,
      importe: 700,
      clave: '50201706',
      descuento: 20,
      traslados: [{ impuesto: '002', tipo_factor: 'Tasa', tasa: 0.16, importe: 108.8 }],
    },
    {
      identificador: 'ENV-1',
      cantidad: 1.5,
      clave_unidad: 'E48',
      descripcion: 'Servicio de envío',
      valor_unitario: 200,
      importe: 300,
      clave: '78102200',
      traslados: [{ impuesto: '002', tipo_factor: 'Tasa', tasa: 0.16, importe: 48, base: 300 }],
      retenciones: [{ impuesto: '001', tipo_factor: 'Tasa', tasa: 0.1, importe: 30 }],
    },
  ],
};

/** `POST /invoices/v40/{id}/cancel`: SAT reason 02, issued with errors, no replacement. */
export const INVOICE_CANCEL_REQUEST = { motivo: '02' };

/** Simulation API: `POST /clock/advance` by a day. */
export const CLOCK_ADVANCE_REQUEST = { seconds: 86_400 };

/** Simulation API: `POST /charges/{id}/chargeback`. */
export const CHARGEBACK_REQUEST = { outcome: 'pending' };

/** Simulation API: `POST /charges/{id}/ivr-call`: the card keyed on the phone. */
export const IVR_CALL_REQUEST = { card_number: '4111111111111111', expiration_month: '12', expiration_year: '30', cvv2: '123' };

/** Simulation API: `POST /charges/{id}/wallet`: the shopper approves. */
export const WALLET_DECISION_REQUEST = { approve: true };

/** Simulation API: `POST /seed`: a customer with a card and a bank account, two merchant cards and a plan. */
export const SEED_REQUEST = {
  customers: [
    {
      name: 'Ana',
      email: 'ana@example.com',
      cards: ['4111111111111111'],
      bank_accounts: [{ holder_name: 'Ana', clabe: '646180000000000012' }],
    },
  ],
  cards: ['5555555555554444', { number: '2223000048400011', holder_name: 'Caja' }],
  plans: [{ name: 'Mensual', amount: 99, repeat_every: 1, repeat_unit: 'month', status_after_retry: 'cancelled', trial_days: 0 }],
};

/** The signals of one made-up device (`POST /device-data`; the `visitor_id` is their hash, added by the caller). */
export const DEVICE_SIGNALS = {
  screen: [1920, 1080, 24],
  device_pixel_ratio: 1,
  timezone: ['America/Mexico_City', 'es-MX'],
  languages: ['es-MX', 'es'],
  platform: ['Linux x86_64', ['Linux', false, ['Chromium/156']]],
  media: [false, false, false, false],
  canvas: '0123456789abcdef0123456789abcdef',
  fonts: ['Arial', 'DejaVu Sans'],
};

/** The rest of a `POST /device-data` body: what the browser could not read, and how long reading took (ms). */
export const DEVICE_DATA_REQUEST = {
  missing: { audio: 'timeout', device_memory: 'unsupported' },
  automation: [],
  timings: { screen: 0.1, total: 31.4 },
};
