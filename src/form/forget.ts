import type { BoundField } from './fields';

/**
 * Makes the form layer forget the card data: empties the PAN, expiry and CVV2 inputs (their untouched state, no
 * API error left) and calls `update` (which recomputes every field's state and the brand, emitting `brand` with
 * null), now and whenever the page is hidden (`pagehide`: nothing left for the browser to restore on Back) or
 * shown again from the back-forward cache (`pageshow` with `persisted`). Touches the DOM only when called.
 *
 * @param fields the bound fields (`bindFields`).
 * @param update the mount's re-render.
 * @param doc the form's document; its window's listeners end with `signal` (the mount's unmount).
 * @returns the forgetting itself, for the mount to call once the token is handed over.
 */
export function forgetCardData(fields: readonly BoundField[], update: () => void, doc: Document, signal: AbortSignal): () => void {
  const forget = () => {
    for (const field of fields) {
      if (!field.format) continue; // the numeric card fields: PAN, expiry (one input or two), CVV2
      field.input.value = field.lastValue = '';
      field.touched = false;
      field.apiErrorCode = undefined;
    }
    update();
  };
  const win = doc.defaultView;
  win?.addEventListener('pagehide', forget, { signal });
  win?.addEventListener('pageshow', (e) => (e as PageTransitionEvent).persisted && forget(), { signal });
  return forget;
}
