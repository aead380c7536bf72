import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { createClient, formMessage, ValidationError } from 'paytoken';
import { CardElement, PayTokenProvider, useHostedFields } from 'paytoken/react';
import { PRODUCT } from '../../product';

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
const config = { merchantId: meta('paytoken-merchant-id'), publicKey: meta('paytoken-public-key'), baseUrl: meta('paytoken-base-url') };
/** The client of the 3-D Secure modal (`client.authenticate`); the card element comes from the provider below. */
const client = createClient(config);
const amount = meta('shop-amount');
/** The card inputs' style inside the card element's frame (the allowlist of `FieldsStyle`). */
const STYLE = {
  base: { color: '#1d2430', fontSize: '16px', fontFamily: 'system-ui, sans-serif' },
  invalid: { color: '#b42318' },
  placeholder: { color: '#6b7686' },
};

type Locale = 'es-MX' | 'en';
type Route = 'cart' | 'checkout' | 'receipt';
/** A card order's receipt: the charge's rows and the order's id, whose status the backend's webhook moves. */
type Receipt = { transaction: Transaction; orderId: string };
/** An order's status as `GET /api/order/{id}` answers it: the status and its heading and line in the shop's words. */
type OrderStatus = { status: string; title: string; text: string };
type Transaction = Record<string, string | number | null>;
/** What the merchant backend answers (`POST /api/charge`, `GET /api/charge/{id}`). */
type Answer = {
  transaction?: Transaction;
  /** The id of the order of a charge the API created: its status is the order's, moved by the webhook's events. */
  order_id?: string;
  redirect?: string;
  points?: { balance: string; only_points?: boolean };
  already_paid?: { message: string; receipt: string };
  status?: string;
  error_code?: number;
  message?: string;
};
/** A token on its way to the charge, with the shopper's choices. */
type ChargeBody = { token_id: string; device_session_id: string; use_card_points?: string };
/**
 * A message shown above the pay button: a code of paytoken's message table, one of the shop's own texts, or the
 * backend's "already paid" (the order was paid, from another page of this session) with its receipt's link.
 */
type Failure =
  { code: number | string } | { text: 'authFailed' | 'notCompleted' | 'notFound' } | { paid: { message: string; receipt: string } };
/** The billing address inputs, the shop's own: not card data (the whole card is in the card element's frame). */
const ADDRESS = ['line1', 'city', 'state', 'postal_code', 'country_code'] as const;
/** The id of each of them (labels' `for`). */
const IDS: Record<string, string> = {
  line1: 'spa-line1',
  city: 'spa-city',
  state: 'spa-state',
  postal_code: 'spa-postal',
  country_code: 'spa-country',
};

const TEXT = {
  'es-MX': {
    cart: 'Carrito',
    cash: 'Pagar en efectivo en tienda',
    spei: 'Pagar por transferencia SPEI',
    orderFailed: 'No pudimos crear tu pedido. Intenta de nuevo.',
    item: PRODUCT.name.es,
    checkout: 'Ir a pagar',
    back: 'Volver al carrito',
    title: 'Pago con tarjeta',
    card: 'Datos de la tarjeta',
    billing: 'Dirección de facturación',
    line1: 'Calle y número',
    city: 'Ciudad',
    state: 'Estado',
    postal: 'Código postal',
    country: 'País (2 letras)',
    pay: 'Pagar',
    processing: 'Procesando…',
    confirming: 'Confirmando tu pago',
    confirmingText: 'Tu banco aceptó el cargo; lo estamos confirmando. Esta página se actualiza sola.',
    again: 'Nuevo pedido',
    language: 'Idioma',
    checkouts: 'Formas de pago de la demo',
    element: 'Tarjeta alojada',
    split: 'Campos separados',
    direct: 'Formulario en la página',
    storePage: 'Efectivo en tienda',
    speiPage: 'Transferencia SPEI',
    subscribePage: 'Suscripción',
    viewReceipt: 'Ver el recibo',
    notFound: 'No encontramos este pago. Vuelve a intentarlo desde el carrito.',
    authFailed: 'Tu banco no pudo confirmar que eres tú. No se hizo ningún cargo.',
    pointsTitle: 'Paga con puntos',
    pointsHow: '¿Cómo quieres pagar?',
    onlyPoints: 'Solo con puntos',
    mixed: 'Con puntos y el resto con la tarjeta',
    cardOnly: 'Solo con la tarjeta',
    notCompleted: 'No terminaste la verificación con tu banco. No se hizo ningún cargo; puedes intentarlo de nuevo.',
    /** The address inputs' messages (paytoken's `messages` overrides): each names what is missing. */
    address: {
      'address.line1.required': 'Escribe la calle y el número.',
      'address.city.required': 'Escribe la ciudad.',
      'address.state.required': 'Escribe el estado.',
      'address.postal_code.required': 'Escribe el código postal.',
      'address.country_code.required': 'Escribe el país en 2 letras, como MX.',
      'address.country_code.format': 'El país va en 2 letras, como MX.',
    } as Record<string, string>,
    fields: {
      id: 'Transacción',
      status: 'Estado',
      authorization: 'Autorización',
      amount: 'Importe',
      order_id: 'Pedido',
      card: 'Tarjeta',
      points_used: 'Puntos usados',
      points_remaining: 'Puntos restantes',
      payment_plan: 'Meses sin intereses',
    } as Record<string, string>,
  },
  en: {
    cart: 'Cart',
    cash: 'Pay cash at a store',
    spei: 'Pay by SPEI transfer',
    orderFailed: 'We could not create your order. Try again.',
    item: PRODUCT.name.en,
    checkout: 'Go to checkout',
    back: 'Back to cart',
    title: 'Card payment',
    card: 'Card details',
    billing: 'Billing address',
    line1: 'Street and number',
    city: 'City',
    state: 'State',
    postal: 'Postal code',
    country: 'Country (2 letters)',
    pay: 'Pay',
    processing: 'Processing…',
    confirming: 'Confirming your payment',
    confirmingText: 'Your bank accepted the charge; we are confirming it. This page updates by itself.',
    again: 'New order',
    language: 'Language',
    checkouts: "The demo's checkouts",
    element: 'Card element',
    split: 'Split fields',
    direct: 'On-page form',
    storePage: 'Cash at a store',
    speiPage: 'SPEI transfer',
    subscribePage: 'Subscription',
    viewReceipt: 'View the receipt',
    notFound: 'We could not find this payment. Try again from the cart.',
    authFailed: 'Your bank could not confirm it was you. You were not charged.',
    pointsTitle: 'Pay with points',
    pointsHow: 'How would you like to pay?',
    onlyPoints: 'Points only',
    mixed: 'Points, and the rest with the card',
    cardOnly: 'Card only',
    notCompleted: 'You did not finish the verification with your bank. You were not charged; you can try again.',
    /** The address inputs' messages (paytoken's `messages` overrides): each names what is missing. */
    address: {
      'address.line1.required': 'Enter the street and number.',
      'address.city.required': 'Enter the city.',
      'address.state.required': 'Enter the state.',
      'address.postal_code.required': 'Enter the postal code.',
      'address.country_code.required': 'Enter the country in 2 letters, like MX.',
      'address.country_code.format': 'The country is 2 letters, like MX.',
    } as Record<string, string>,
    fields: {
      id: 'Transaction',
      status: 'Status',
      authorization: 'Authorization',
      amount: 'Amount',
      order_id: 'Order',
      card: 'Card',
      points_used: 'Points used',
      points_remaining: 'Points left',
      payment_plan: 'Months without interest',
    } as Record<string, string>,
  },
};

export function App() {
  const [locale, setLocale] = useState<Locale>('es-MX');
  const [route, setRoute] = useState<Route>('cart');
  const [receipt, setReceipt] = useState<Receipt>();
  const t = TEXT[locale];
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  return (
    <>
      <Header locale={locale} setLocale={setLocale} />
      <main className="page">
        {route === 'cart' && (
          <section className="panel" aria-labelledby="cart-title">
            <h1 id="cart-title">{t.cart}</h1>
            <p className="line">
              <span>{t.item}</span>
              <strong>${amount} MXN</strong>
            </p>
            <button type="button" onClick={() => setRoute('checkout')}>
              {t.checkout}
            </button>
            <OtherMethods t={t} locale={locale} />
          </section>
        )}
        {route === 'checkout' && (
          <Checkout
            locale={locale}
            onBack={() => setRoute('cart')}
            onPaid={(transaction, orderId) => {
              setReceipt({ transaction, orderId });
              setRoute('receipt');
            }}
          />
        )}
        {route === 'receipt' && receipt && <ReceiptPanel t={t} locale={locale} receipt={receipt} onAgain={() => setRoute('cart')} />}
      </main>
    </>
  );
}

/**
 * A card order's receipt: "confirming" until the merchant's webhook has heard the charge succeeded (the backend's
 * order status, asked for as order.js does), then paid, in the shop's words; the charge's rows meanwhile.
 */
function ReceiptPanel({ t, locale, receipt, onAgain }: { t: Texts; locale: Locale; receipt: Receipt; onAgain: () => void }) {
  const order = useOrderStatus(receipt.orderId, locale);
  const title = order?.title ?? t.confirming;
  return (
    <section className="panel" aria-labelledby="receipt-title">
      <h1 id="receipt-title" className={order?.status === 'paid' ? 'ok' : undefined}>
        {title}
      </h1>
      <p role="status" data-status={order?.status ?? 'pending'}>
        {order?.text ?? t.confirmingText}
      </p>
      <dl id="transaction">
        {Object.entries(receipt.transaction)
          .filter(([, v]) => v !== null && v !== undefined)
          .map(([k, v]) => (
            <div key={k}>
              <dt>{t.fields[k] ?? k}</dt>
              <dd data-field={k}>{String(v)}</dd>
            </div>
          ))}
      </dl>
      <button type="button" onClick={() => void newOrder().then(onAgain)}>
        {t.again}
      </button>
    </section>
  );
}

/** How often a pending order's status is asked for, ms (more often in its first `soonMs`), and for how long at most. */
const WATCH = { soonEveryMs: 500, soonMs: 10 * 1000, everyMs: 2000, forMs: 30 * 60 * 1000 };

/**
 * The status of order `orderId` as the merchant backend has it (`GET /api/order/{id}`, in `locale`): asked at once,
 * then every half second for 10 s and every 2 s after while `pending` ({@link WATCH}; 30 minutes at most); undefined
 * until the first answer.
 */
function useOrderStatus(orderId: string, locale: Locale): OrderStatus | undefined {
  const [order, setOrder] = useState<OrderStatus>();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const started = Date.now();
    const ask = () =>
      fetch(`/api/order/${encodeURIComponent(orderId)}?lang=${locale === 'en' ? 'en' : 'es'}`)
        .then((res) => (res.ok ? (res.json() as Promise<OrderStatus>) : undefined))
        .catch(() => undefined)
        .then((answer) => {
          if (stopped) return;
          if (answer) setOrder(answer);
          if (answer && answer.status !== 'pending') return;
          const age = Date.now() - started;
          if (age < WATCH.forMs) timer = setTimeout(() => void ask(), age < WATCH.soonMs ? WATCH.soonEveryMs : WATCH.everyMs);
        });
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderId, locale]);
  return order;
}

/** The top bar (the shop, the language switch) and the menu of the demo's checkouts, as on the classic pages. */
function Header({ locale, setLocale }: { locale: Locale; setLocale: (l: Locale) => void }) {
  const t = TEXT[locale];
  const menu = [
    ['/', t.element],
    ['/split', t.split],
    ['/direct', t.direct],
    ['/store', t.storePage],
    ['/spei', t.speiPage],
    ['/subscribe', t.subscribePage],
  ] as const;
  return (
    <>
      <header className="topbar">
        <span className="logo">Café Tlaloc</span>
        <nav aria-label={t.language}>
          {(['es-MX', 'en'] as const).map((l) => (
            <button key={l} type="button" className="link" aria-pressed={l === locale} lang={l} onClick={() => setLocale(l)}>
              {l === 'en' ? 'English' : 'Español'}
            </button>
          ))}
        </nav>
      </header>
      <nav className="checkouts" aria-label={t.checkouts}>
        {menu.map(([path, name]) => (
          <a key={path} href={`${path}?lang=${locale === 'en' ? 'en' : 'es'}`}>
            {name}
          </a>
        ))}
        <a href="/spa/" aria-current="page">
          SPA (React)
        </a>
      </nav>
    </>
  );
}

/** Starts a new order in the backend (a new cart: the paid one stays paid), as the classic receipt's link does. */
/**
 * Cash at a store and SPEI: the merchant backend creates the order's charge (`POST /api/orders`, same-origin JSON)
 * and answers with the order's page (the slip or the transfer details), which the shopper goes to; the page turns
 * paid by itself when the merchant's webhook hears of the payment.
 */
function OtherMethods({ t, locale }: { t: Texts; locale: Locale }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const place = (method: 'store' | 'spei') => {
    setBusy(true);
    setFailed(false);
    fetch(`/api/orders?lang=${locale === 'en' ? 'en' : 'es'}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ method }),
    })
      .then((res) => res.json() as Promise<{ order?: string }>)
      .then((answer) => {
        if (!answer.order) throw new Error('no order');
        window.location.assign(answer.order);
      })
      .catch(() => {
        setBusy(false);
        setFailed(true);
      });
  };
  return (
    <div className="other-methods" aria-busy={busy || undefined}>
      <button type="button" className="secondary" disabled={busy} onClick={() => place('store')}>
        {t.cash}
      </button>
      <button type="button" className="secondary" disabled={busy} onClick={() => place('spei')}>
        {t.spei}
      </button>
      {failed && <p role="alert">{t.orderFailed}</p>}
    </div>
  );
}

const newOrder = () => fetch('/new-order', { redirect: 'manual' }).catch(() => undefined);

/**
 * The checkout with the card element (paytoken/react): card number, expiry, CVV2 and holder name in one iframe
 * served from the API origin, mounted once by the provider (StrictMode and route changes included) and removed with
 * the checkout; the language switch reaches it in place (the provider's `locale`). This document never holds card
 * data and has no `cc-*` input; the billing address stays the shop's own inputs (not card data), sent with `tokenize()`.
 */
function Checkout(props: CheckoutProps) {
  return (
    <PayTokenProvider config={config} options={{ locale: props.locale, style: STYLE }}>
      <CheckoutForm {...props} />
    </PayTokenProvider>
  );
}

type CheckoutProps = { locale: Locale; onBack: () => void; onPaid: (tx: Transaction, orderId: string) => void };
/** The texts of one language. */
type Texts = (typeof TEXT)[Locale];
/** A card with reward points: the token, and the balance in words, while the shopper chooses how to pay. */
type PointsChoice = { body: ChargeBody; balance: string; onlyPoints: boolean };

/**
 * The checkout's forms. The token goes to the merchant backend; a 3-D Secure charge comes back as `{redirect}`,
 * shown in a modal (`client.authenticate(url, {mode: 'modal'})`), whose result is read from the backend again.
 */
function CheckoutForm({ locale, onBack, onPaid }: CheckoutProps) {
  const fields = useHostedFields();
  const pay = useRef<HTMLButtonElement>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  const pointsTitle = useRef<HTMLHeadingElement>(null);
  const checkout = useCharge(locale, onPaid);
  const { busy, failure, points } = checkout;
  /** Errors of the shop's own inputs (the address), as paytoken message codes by input. */
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const t = TEXT[locale];

  // a failure takes the focus once shown (after the modal gave it back to where it was)
  useFocusWhenShown(alert, failure);
  useFocusWhenShown(pointsTitle, points);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (checkout.charging.current || !fields.ready) return;
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    checkout.begin();
    checkout.setFailure(undefined);
    setInvalid({});
    let token;
    try {
      token = await fields.tokenize({ address: Object.fromEntries(ADDRESS.map((k) => [k, text(k)])) });
    } catch (error) {
      // the card element shows its own errors (in its frame, the first focused); the address inputs show theirs here
      const mine = addressErrors(error);
      setInvalid(mine);
      const first = ADDRESS.find((k) => mine[k]);
      // an input of the card element in error has the focus already (the first of them); else the first address input
      if (first && !hasCardError(error)) document.getElementById(IDS[first]!)?.focus();
      checkout.done(error instanceof ValidationError ? undefined : { code: (error as { error_code?: number }).error_code ?? 1004 });
      return;
    }
    // the fields end their own busy state when the token arrives: ours lasts until the charge answers
    if (pay.current) pay.current.disabled = true;
    await checkout.charge({ token_id: token.token_id, device_session_id: token.device_session_id });
  };

  return (
    <>
      {points && <PointsStep t={t} points={points} busy={busy} titleRef={pointsTitle} onSubmit={checkout.payWithPoints} />}
      <form
        className="panel card-form"
        aria-labelledby="checkout-title"
        aria-busy={busy || undefined}
        noValidate
        onSubmit={submit}
        hidden={!!points}
      >
        <h1 id="checkout-title">{t.title}</h1>
        <div className="field">
          {/* the label names the element's frame (its title); each input inside has its own name */}
          <label htmlFor="spa-card">{t.card}</label>
          <CardElement id="spa-card" className="hosted card-element" />
        </div>
        <AddressFields t={t} locale={locale} invalid={invalid} busy={busy} />
        {failure !== undefined && (
          <p role="alert" className="charge-error" tabIndex={-1} ref={alert}>
            <FailureText t={t} locale={locale} failure={failure} />
          </p>
        )}
        <button type="submit" ref={pay} disabled={busy}>
          {busy ? t.processing : `${t.pay} $${amount} MXN`}
        </button>
        <button type="button" className="secondary" onClick={onBack}>
          {t.back}
        </button>
      </form>
    </>
  );
}

/** Focuses the element of `ref` each time `shown` becomes something (a failure, the points step). */
function useFocusWhenShown(ref: RefObject<HTMLElement | null>, shown: unknown) {
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
}

/**
 * The charge of a token and what follows it: the state (busy, the failure shown, the points step) and the steps.
 * `charging` guards against a second submit before React has re-rendered with `busy`.
 */
function useCharge(locale: Locale, onPaid: (tx: Transaction, orderId: string) => void) {
  const charging = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const [points, setPoints] = useState<PointsChoice>();

  /** A charge starts: the checkout is busy until done. */
  const begin = () => {
    charging.current = true;
    setBusy(true);
  };
  /** The charge is over (paid, declined, cancelled): the checkout is usable again, unless the receipt shows. */
  const done = (f?: Failure) => {
    charging.current = false;
    setBusy(false);
    if (f) {
      setPoints(undefined);
      setFailure(f);
    }
  };

  /** Asks the merchant backend for the charge after the bank (it reads the charge server side). */
  const result = async (id: string) => {
    const res = await fetch(`/api/charge/${encodeURIComponent(id)}`);
    const body = (await res.json()) as Answer;
    if (body.transaction && body.order_id) return onPaid(body.transaction, body.order_id);
    done(res.status === 404 ? { text: 'notFound' } : failureAfterBank(body));
  };

  /**
   * The merchant's own backend charges the token with its private key; its answer: the Transaction, a step first
   * (`points`: how to pay, then the same token again with `use_card_points`; `redirect`: 3-D Secure), or a decline.
   */
  const charge = async (body: ChargeBody) => {
    try {
      const res = await fetch(`/api/charge?lang=${locale === 'en' ? 'en' : 'es'}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as Answer;
      if (answer.transaction && answer.order_id) return onPaid(answer.transaction, answer.order_id);
      if (answer.already_paid) return done({ paid: answer.already_paid });
      if (answer.points) {
        done();
        return setPoints({ body, balance: answer.points.balance, onlyPoints: answer.points.only_points === true });
      }
      if (!answer.redirect) return done({ code: answer.error_code ?? 1004 });
      // 3-D Secure: the bank's page in a modal over the checkout; the backend's redirect_url ends it
      const auth = await client.authenticate(answer.redirect, { mode: 'modal', returnUrl: '/3ds/return', locale });
      if (auth.status === 'returned') await result(auth.id);
      else done({ text: 'notCompleted' });
    } catch {
      done({ code: 1004 });
    }
  };

  /** The "pay with points" step's button: the same token again, with the choice. */
  const payWithPoints = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (charging.current || !points) return;
    begin();
    void charge({ ...points.body, use_card_points: String(new FormData(e.currentTarget).get('use_card_points')) });
  };

  return { charging, busy, failure, setFailure, points, begin, done, charge, payWithPoints };
}

/** The message for a charge the backend reads after the bank without a Transaction: refused, unfinished, or an error. */
function failureAfterBank(body: Answer): Failure {
  if (body.status === 'failed') return { text: 'authFailed' };
  if (body.status === 'charge_pending') return { text: 'notCompleted' };
  return { code: body.error_code ?? 1004 };
}

/** The address inputs' errors of a failed `tokenize()`, as paytoken message codes by input (the first per input). */
function addressErrors(error: unknown): Record<string, string> {
  const mine: Record<string, string> = {};
  if (error instanceof ValidationError) {
    for (const r of error.errors) {
      const key = r.field.replace(/^address\./, '');
      if (r.field.startsWith('address') && (ADDRESS as readonly string[]).includes(key)) mine[key] ??= `${r.field}.${r.reason}`;
    }
  }
  return mine;
}

/** Whether a failed `tokenize()` found an input of the card element in error (the element has focused it). */
const hasCardError = (error: unknown) => error instanceof ValidationError && error.errors.some((r) => !r.field.startsWith('address'));

/** A failure's words: paytoken's message for a code, one of the shop's texts, or "already paid" with the receipt's link. */
function FailureText({ t, locale, failure }: { t: Texts; locale: Locale; failure: Failure }) {
  if ('paid' in failure)
    return (
      <>
        {failure.paid.message} <a href={failure.paid.receipt}>{t.viewReceipt}</a>
      </>
    );
  return <>{'text' in failure ? t[failure.text] : formMessage(failure.code, locale)}</>;
}

/** The "pay with points" step: how to pay, then the same token again (its submit). */
function PointsStep(props: {
  t: Texts;
  points: PointsChoice;
  busy: boolean;
  titleRef: RefObject<HTMLHeadingElement | null>;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
}) {
  const { t, points, busy } = props;
  return (
    <form className="panel card-form" aria-labelledby="points-title" aria-busy={busy || undefined} onSubmit={props.onSubmit}>
      <h1 id="points-title" tabIndex={-1} ref={props.titleRef}>
        {t.pointsTitle}
      </h1>
      {points.balance && <p id="points-balance">{points.balance}</p>}
      <fieldset>
        <legend>{t.pointsHow}</legend>
        {(
          [
            ['ONLY_POINTS', t.onlyPoints],
            ['MIXED', t.mixed],
            ['NONE', t.cardOnly],
          ] as const
        )
          // "points only" offered, and chosen, only when the points cover the order; else points and the rest by card
          .filter(([value]) => value !== 'ONLY_POINTS' || points.onlyPoints)
          .map(([value, label]) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="use_card_points"
                value={value}
                defaultChecked={value === (points.onlyPoints ? 'ONLY_POINTS' : 'MIXED')}
              />{' '}
              {label}
            </label>
          ))}
      </fieldset>
      <button type="submit" disabled={busy}>
        {busy ? t.processing : `${t.pay} $${amount} MXN`}
      </button>
    </form>
  );
}

/** The billing address: the shop's own inputs (not card data), read-only while busy, each with its error. */
function AddressFields({ t, locale, invalid, busy }: { t: Texts; locale: Locale; invalid: Record<string, string>; busy: boolean }) {
  /** An input of the shop with its label and error (paytoken's words, in the page's language). */
  const input = (name: string, label: string, props: Record<string, unknown> = {}) => {
    const id = IDS[name]!;
    const code = invalid[name];
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={name}
          aria-invalid={code ? true : undefined}
          aria-describedby={code ? `${id}-error` : undefined}
          readOnly={busy}
          {...props}
        />
        {code && (
          <p id={`${id}-error`} className="field-error">
            {formMessage(code, locale, t.address)}
          </p>
        )}
      </div>
    );
  };

  return (
    <fieldset>
      <legend>{t.billing}</legend>
      {input('line1', t.line1, { autoComplete: 'address-line1' })}
      <div className="row">
        {input('city', t.city, { autoComplete: 'address-level2' })}
        {input('state', t.state, { autoComplete: 'address-level1' })}
      </div>
      <div className="row">
        {input('postal_code', t.postal, { autoComplete: 'postal-code' })}
        {input('country_code', t.country, { autoComplete: 'country', defaultValue: 'MX' })}
      </div>
    </fieldset>
  );
}
