/**
 * Script-tag entry: built to `dist/paytoken.iife.js`, it defines `window.PayToken` with the method names of
 * the processor's classic tokenization script (src/classic.ts), so a checkout page migrates by renaming the global
 * (and the `data-*-card` attribute prefix to `data-paytoken-card`). The classic API only, with device data: the
 * on-page form layer (`PayToken.form`) and the 3-D Secure modal (`PayToken.authenticate`) are in
 * `dist/paytoken-checkout.iife.js` (src/checkout.ts). Nothing runs at load time beyond defining the object and
 * keeping the page's `XMLHttpRequest` (its prototype's methods), `fetch` and `JSON.stringify` of that moment
 * (see `pristine`).
 *
 * Tamper resistance (docs/security.md): the object and every object in it are frozen, and the build
 * makes the global itself read-only (vite.config.ts), so no later script can replace a method; once a card
 * has been sent, the settings that say where cards go are pinned for the page's life.
 */
import { deepFreeze } from './http/pristine';
import { classic } from './classic';

export type { ClassicFailure, ClassicSuccess } from './classic';

/** The classic global, frozen (src/classic.ts documents each member; the type names it, so declarations keep those docs). */
const PayToken: Readonly<typeof classic> = deepFreeze(classic);

export default PayToken;
