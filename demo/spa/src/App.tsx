import { useEffect, useRef, useState } from 'react';
import { createClient, formMessage, type MountedForm } from 'paytoken';

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
const client = createClient({
  merchantId: meta('paytoken-merchant-id'),
  publicKey: meta('paytoken-public-key'),
  baseUrl: meta('paytoken-base-url'),
});
const amount = meta('shop-amount');

type Locale = 'es-MX' | 'en';
type Route = 'cart' | 'checkout' | 'receipt';
type Transaction = Record<string, string | number | null>;

const TEXT = {
  'es-MX': {
    cart: 'Carrito', item: 'Café de Chiapas en grano, 1 kg', checkout: 'Ir a pagar', back: 'Volver al carrito',
    title: 'Pago con tarjeta', name: 'Nombre del titular', number: 'Número de tarjeta', expiry: 'Vencimiento (MM/AA)',
    cvv: 'Código de seguridad', billing: 'Dirección de facturación', line1: 'Calle y número', city: 'Ciudad',
    state: 'Estado', postal: 'Código postal', country: 'País (2 letras)', pay: 'Pagar', processing: 'Procesando…',
    done: 'Pago completado', thanks: '¡Gracias! Tu pago quedó registrado.', again: 'Nuevo pedido', language: 'Idioma',
    classic: 'Página clásica',
    fields: { id: 'Transacción', status: 'Estado', authorization: 'Autorización', amount: 'Importe', order_id: 'Pedido', card: 'Tarjeta' } as Record<string, string>,
  },
  en: {
    cart: 'Cart', item: 'Chiapas coffee beans, 1 kg', checkout: 'Go to checkout', back: 'Back to cart',
    title: 'Card payment', name: 'Name on card', number: 'Card number', expiry: 'Expiry (MM/YY)',
    cvv: 'Security code', billing: 'Billing address', line1: 'Street and number', city: 'City',
    state: 'State', postal: 'Postal code', country: 'Country (2 letters)', pay: 'Pay', processing: 'Processing…',
    done: 'Payment complete', thanks: 'Thank you! Your payment went through.', again: 'New order', language: 'Language',
    classic: 'Classic page',
    fields: { id: 'Transaction', status: 'Status', authorization: 'Authorization', amount: 'Amount', order_id: 'Order', card: 'Card' } as Record<string, string>,
  },
};

export function App() {
  const [locale, setLocale] = useState<Locale>('es-MX');
  const [route, setRoute] = useState<Route>('cart');
  const [transaction, setTransaction] = useState<Transaction>();
  // Device data (anti-fraud): collected once per page load, from the start, and sent to the API under this page's
  // device_session_id, which the form layer puts in the token event for the charge. Later calls (StrictMode runs
  // effects twice) share the one collection.
  useEffect(() => void client.deviceData.collect(), []);
  const t = TEXT[locale];
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  return (
    <>
      <header className="topbar">
        <span className="logo">Café Tlaloc</span>
        <nav aria-label={t.language}>
          {(['es-MX', 'en'] as const).map((l) => (
            <button key={l} type="button" className="link" aria-pressed={l == locale} lang={l} onClick={() => setLocale(l)}>
              {l == 'en' ? 'English' : 'Español'}
            </button>
          ))}
          <a href="/">{t.classic}</a>
        </nav>
      </header>
      <main className="page">
        {route == 'cart' && (
          <section className="panel" aria-labelledby="cart-title">
            <h1 id="cart-title">{t.cart}</h1>
            <p className="line">
              <span>{t.item}</span>
              <strong>${amount} MXN</strong>
            </p>
            <button type="button" onClick={() => setRoute('checkout')}>
              {t.checkout}
            </button>
          </section>
        )}
        {route == 'checkout' && (
          <Checkout
            locale={locale}
            onBack={() => setRoute('cart')}
            onPaid={(tx) => {
              setTransaction(tx);
              setRoute('receipt');
            }}
          />
        )}
        {route == 'receipt' && transaction && (
          <section className="panel" aria-labelledby="receipt-title">
            <h1 id="receipt-title" className="ok">
              {t.done}
            </h1>
            <p>{t.thanks}</p>
            <dl id="transaction">
              {Object.entries(transaction).map(([k, v]) => (
                <div key={k}>
                  <dt>{t.fields[k] ?? k}</dt>
                  <dd data-field={k}>{String(v)}</dd>
                </div>
              ))}
            </dl>
            <button type="button" onClick={() => setRoute('cart')}>
              {t.again}
            </button>
          </section>
        )}
      </main>
    </>
  );
}

/**
 * The checkout form: plain uncontrolled inputs marked with data-paytoken-* attributes. paytoken's form layer is
 * mounted in an effect (StrictMode runs it twice) and unmounted on the way out (route change); the locale
 * switch goes through setLocale, so the shown errors change language in place.
 */
function Checkout({ locale, onBack, onPaid }: { locale: Locale; onBack: () => void; onPaid: (tx: Transaction) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const mounted = useRef<MountedForm>(undefined);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<number>();
  const t = TEXT[locale];

  useEffect(() => {
    const checkout = client.form.mount(formRef.current!, { flow: 'spa', locale });
    mounted.current = checkout;
    checkout.on('submit', () => {
      setFailure(undefined);
      setBusy(true);
    });
    checkout.on('error', () => setBusy(false));
    checkout.on('token', async ({ token_id, device_session_id }) => {
      // the merchant's own backend charges the token with its private key
      const res = await fetch('/api/charge', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token_id, device_session_id }),
      });
      const body = (await res.json()) as { transaction?: Transaction; error_code?: number };
      setBusy(false);
      if (body.transaction) onPaid(body.transaction);
      else setFailure(body.error_code ?? 1000);
    });
    return () => checkout.unmount();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mounted once per form element; locale below
  }, []);
  useEffect(() => mounted.current?.setLocale(locale), [locale]);

  return (
    <form ref={formRef} className="panel card-form" aria-labelledby="checkout-title" aria-busy={busy || undefined}>
      <h1 id="checkout-title">{t.title}</h1>
      <div className="field">
        <label htmlFor="spa-name">{t.name}</label>
        <input id="spa-name" data-paytoken-card="holder_name" autoComplete="cc-name" spellCheck={false} />
      </div>
      <div className="field">
        <label htmlFor="spa-number">{t.number}</label>
        <input id="spa-number" className="pan" data-paytoken-card="card_number" autoComplete="cc-number" inputMode="numeric" />
      </div>
      <div className="row">
        <div className="field">
          <label htmlFor="spa-expiry">{t.expiry}</label>
          <input id="spa-expiry" data-paytoken-card="expiry" autoComplete="cc-exp" inputMode="numeric" />
        </div>
        <div className="field">
          <label htmlFor="spa-cvv">{t.cvv}</label>
          <input id="spa-cvv" data-paytoken-card="cvv2" autoComplete="cc-csc" inputMode="numeric" />
        </div>
      </div>
      <fieldset>
        <legend>{t.billing}</legend>
        <div className="field">
          <label htmlFor="spa-line1">{t.line1}</label>
          <input id="spa-line1" data-paytoken-card-address="line1" autoComplete="address-line1" required />
        </div>
        <div className="row">
          <div className="field">
            <label htmlFor="spa-city">{t.city}</label>
            <input id="spa-city" data-paytoken-card-address="city" autoComplete="address-level2" required />
          </div>
          <div className="field">
            <label htmlFor="spa-state">{t.state}</label>
            <input id="spa-state" data-paytoken-card-address="state" autoComplete="address-level1" required />
          </div>
        </div>
        <div className="row">
          <div className="field">
            <label htmlFor="spa-postal">{t.postal}</label>
            <input id="spa-postal" data-paytoken-card-address="postal_code" autoComplete="postal-code" required />
          </div>
          <div className="field">
            <label htmlFor="spa-country">{t.country}</label>
            <input id="spa-country" data-paytoken-card-address="country_code" autoComplete="country" defaultValue="MX" required />
          </div>
        </div>
      </fieldset>
      {failure !== undefined && (
        <p role="alert" className="charge-error">
          {formMessage(failure, locale)}
        </p>
      )}
      <button type="submit">{busy ? t.processing : `${t.pay} $${amount} MXN`}</button>
      <button type="button" className="secondary" onClick={onBack}>
        {t.back}
      </button>
    </form>
  );
}
