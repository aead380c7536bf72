import { RESOURCE_ID } from '../card/ids';
import { configError } from '../errors/configuration';
import { LOOPBACK } from '../http/config';

/**
 * How `authenticate` (`client.authenticate`, `PayToken.authenticate`) shows the bank's 3-D Secure page (docs/3d-secure.md):
 * - `redirect` (default): the whole page goes to the bank; the bank sends the shopper back to the charge's
 *   `redirect_url`. Works with every bank page, including those that forbid framing.
 * - `modal`: the bank page in an accessible modal dialog over the checkout (an iframe); the page stays, and the
 *   promise settles when the frame reaches `returnUrl` or the shopper cancels. Needs the bank origin and this
 *   page's own in `frame-src`, and a bank page that allows framing.
 */
export type AuthenticateMode = 'redirect' | 'modal';

/** Options of `authenticate` (`client.authenticate`, `PayToken.authenticate`). */
export interface AuthenticateOptions {
  /** @default 'redirect' */
  mode?: AuthenticateMode;
  /**
   * `modal` only, required there: the charge's `redirect_url` (absolute, or relative to this page), on this page's
   * origin. When the frame arrives there (`?id={transaction_id}`), the dialog closes and the promise resolves.
   */
  returnUrl?: string;
  /** Labels' language: `en` (any tag starting with `en`) or Spanish (Mexico). @default 'es-MX' */
  locale?: string;
}

/** How `authenticate` ends in `modal` mode: back from the bank with the transaction id, or cancelled. */
export type AuthenticateResult =
  | {
      /** The frame reached `returnUrl`: read the charge on your server. */
      status: 'returned';
      /** The transaction id the bank returned with (`?id=`). */
      id: string;
    }
  | {
      /** The shopper closed the dialog (close button or Escape). */
      status: 'cancelled';
    };

/** Dialog and frame title, close button. */
const LABELS: Record<'es' | 'en', readonly [string, string]> = {
  es: ['Verificación de tu banco', 'Cerrar'],
  en: ['Verification by your bank', 'Close'],
};

/** Checks the bank page URL: https, or http to loopback (the local sandbox). @throws ConfigurationError (`url`). */
function bankUrl(url: unknown): URL {
  let u: URL | undefined;
  try {
    u = new URL(String(url));
  } catch {
    /* refused below */
  }
  if (u && (u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.test(u.hostname)))) return u;
  throw configError('url', 'https (http for loopback only)');
}

/**
 * The step after the merchant's server got a `charge_pending` charge with `payment_method {type: 'redirect',
 * url}` (spec, Charges: `use_3d_secure`, `redirect_url`): shows the shopper the bank's 3-D Secure page.
 *
 * - `redirect` mode navigates the whole page to `url` (`location.assign`); the returned promise never settles
 *   (the page unloads). Your `redirect_url` page then asks your server for the charge.
 * - `modal` mode opens a modal `<dialog>` (`aria-label`led, focus moved in and kept in, the rest of the page inert;
 *   a close button and Escape cancel; focus returns to where it was) holding the bank page in an iframe; no
 *   stylesheet or inline `<style>` is added (element styles set by script only), so a strict CSP works. It
 *   resolves `{status: 'returned', id}` when the frame loads `returnUrl` (same-origin, so this page can read the
 *   frame's address; the `id` query parameter must be 1-45 letters or digits), `{status: 'cancelled'}` when the
 *   shopper closes it. Either way, ask your server for the charge: only it knows the result.
 *
 * @param url `payment_method.url` of the charge: https (http for loopback only).
 * @throws ConfigurationError at once for a bad `url` (`url`), a `modal` without a same-origin `returnUrl`
 *   (`returnUrl`), an unknown `mode` (`mode`), or `modal` outside a browser (`mode`).
 */
export function authenticate(url: string, options: AuthenticateOptions = {}): Promise<AuthenticateResult> {
  const target = bankUrl(url);
  const mode = options.mode ?? 'redirect';
  if ((mode !== 'redirect' && mode !== 'modal') || typeof document === 'undefined') {
    throw configError('mode', "'redirect' or 'modal', in a browser");
  }
  if (mode === 'redirect') {
    location.assign(target.href);
    return new Promise(() => {});
  }
  let back: URL | undefined;
  try {
    back = new URL(String(options.returnUrl), location.href);
  } catch {
    /* refused below */
  }
  if (!options.returnUrl || !back || back.origin !== location.origin) {
    throw configError('returnUrl', 'the redirect_url, on this origin');
  }
  const [title, close] = LABELS[/^en/i.test(options.locale ?? '') ? 'en' : 'es'];
  const doc = document;
  const opener = doc.activeElement as HTMLElement | null;
  const dialog = doc.createElement('dialog');
  const button = doc.createElement('button');
  const frame = doc.createElement('iframe');
  dialog.setAttribute('aria-label', title);
  frame.title = title;
  button.type = 'button';
  button.textContent = close;
  // CSSOM only (no style attribute in markup, no <style>): allowed by a strict style-src. Nearly the whole screen on
  // a phone, so the bank page needs no scrolling; the close button small and plain in the corner, whatever the
  // page's own button styles (often full width and coloured: the main action's look)
  dialog.style.cssText = 'width:min(32rem,96vw);height:min(48rem,96vh);padding:8px;box-sizing:border-box';
  button.style.cssText =
    'display:block;width:auto;margin:0 0 6px auto;padding:6px 12px;font:14px/1 sans-serif;color:inherit;background:none;border:1px solid;border-radius:6px';
  frame.style.cssText = 'display:block;width:100%;height:calc(100% - 34px);border:0';
  dialog.append(button, frame);

  return new Promise((resolve) => {
    const finish = (result: AuthenticateResult) => {
      dialog.close();
      dialog.remove();
      opener?.focus?.();
      resolve(result);
    };
    // Escape (the dialog's cancel) and the close button cancel
    dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      finish({ status: 'cancelled' });
    });
    button.addEventListener('click', () => finish({ status: 'cancelled' }));
    frame.addEventListener('load', () => {
      let at: URL;
      try {
        at = new URL(frame.contentWindow!.location.href); // throws while the frame shows the bank (cross-origin)
      } catch {
        return;
      }
      const id = at.searchParams.get('id');
      if (at.origin === back!.origin && at.pathname === back!.pathname && id && RESOURCE_ID.test(id)) finish({ status: 'returned', id });
    });
    frame.src = target.href;
    doc.body.append(dialog);
    dialog.showModal();
    frame.focus();
  });
}
