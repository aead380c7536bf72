/**
 * Script-tag entry of on-page checkouts: built to `dist/paytoken-checkout.iife.js`, it defines `window.PayToken`
 * with the classic API of `dist/paytoken.iife.js` (src/classic.ts) plus the on-page form layer (`PayToken.form`)
 * and 3-D Secure (`PayToken.authenticate`). Nothing runs at load time beyond defining the object and keeping the
 * page's `XMLHttpRequest` (its prototype's methods), `fetch` and `JSON.stringify` of that moment (see `pristine`).
 *
 * Tamper resistance as in src/browser.ts: the object and every object in it are frozen, the build makes the
 * global read-only (vite.config.ts), and once a card has been sent (by a classic call or a mounted form) the
 * settings that say where cards go are pinned for the page's life.
 */
import { deepFreeze } from './http/pristine';
import { findForm, type FormRef } from './form/find';
import { mountForm, type FormOptions, type MountedForm } from './form/mount';
import { authenticate } from './form/authenticate';
import { classic, tokenize } from './classic';

export type { ClassicFailure, ClassicSuccess } from './classic';

/** What the checkout tag adds to the classic members: the form layer and 3-D Secure. */
const checkout = {
  form: {
    /**
     * Binds a checkout form (formatting, field states and events, Spanish or English messages, tokenizing on
     * submit with the settings above, read at submit time); the same as the ESM `client.form.mount`.
     * @param form the form element or its id. @param options see `FormOptions` (`locale`, `messages`, `flow`...).
     * @returns the {@link MountedForm}. @throws ConfigurationError when no such form exists.
     */
    mount: (form: FormRef, options?: FormOptions): MountedForm =>
      mountForm(findForm(form), options, async (card) => (await tokenize(card)).data),
  },
  /**
   * 3-D Secure: shows the bank page of a `charge_pending` charge's `payment_method.url`, by a top-level redirect
   * (default) or, with `{mode: 'modal', returnUrl}`, in an accessible modal iframe; the same as the ESM
   * `client.authenticate` (docs/3d-secure.md). @throws ConfigurationError at once (`url`, `returnUrl`, `mode`).
   */
  authenticate,
};

/**
 * The checkout global, frozen: the classic members (src/classic.ts), `form` and `authenticate` (the type names
 * both objects, so declarations keep their docs).
 */
const PayToken: Readonly<typeof classic & typeof checkout> = deepFreeze({ ...classic, ...checkout });

export default PayToken;
