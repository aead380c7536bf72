import { forwardRef, useEffect, useImperativeHandle, useInsertionEffect, useRef, useState, type CSSProperties } from 'react';
import { useStore } from './context';
import type { Entry } from './store';
import type { ElementEvents, ElementKey, PayTokenOptions } from './types';

/**
 * Props of every container component: `id` (a `<label htmlFor>` names the field by it), `className`, `style` and
 * `aria-label` go to the container `div` (the frame inside sizes itself); the event props of {@link ElementEvents}.
 * The ref is the container `div`.
 */
export interface ElementProps extends ElementEvents {
  id?: string;
  className?: string;
  style?: CSSProperties;
  'aria-label'?: string;
}

/** Props of a split field: {@link ElementProps} and the input's `placeholder`. */
export interface FieldProps extends ElementProps {
  placeholder?: string;
}

/** Props of the card element: {@link ElementProps} and `options` (see {@link PayTokenOptions}), over the provider's. */
export interface CardElementProps extends ElementProps {
  options?: PayTokenOptions;
}

/**
 * A component rendering the container of `key` and registering it with the provider, which mounts it with the
 * others. Its props are read when events arrive (the latest render's), so changing them mounts nothing again.
 */
function container<P extends ElementProps>(key: ElementKey) {
  return forwardRef<HTMLDivElement, P>(function PayTokenElement(props, ref) {
    const store = useStore();
    const [entry] = useState<Entry>(() => ({ key, props, el: null }));
    const el = useRef<HTMLDivElement>(null);
    useImperativeHandle(ref, () => el.current!, []);
    useInsertionEffect(() => {
      entry.props = props;
    });
    useEffect(() => {
      entry.el = el.current;
      return store.register(entry);
    }, [store, entry]);
    useEffect(() => store.sync());
    return <div ref={el} id={props.id} className={props.className} style={props.style} aria-label={props['aria-label']} />;
  });
}

/** The card element: the whole card (number, expiry, CVV2, holder name) in one frame, mounted under the key `card`. */
export const CardElement = /* @__PURE__ */ container<CardElementProps>('card');
/** The card-number field's container (split fields: required with `ExpiryField` and `Cvv2Field`). */
export const CardNumberField = /* @__PURE__ */ container<FieldProps>('card_number');
/** The expiry field's container (`MM/YY`). */
export const ExpiryField = /* @__PURE__ */ container<FieldProps>('expiry');
/** The CVV2 field's container. */
export const Cvv2Field = /* @__PURE__ */ container<FieldProps>('cvv2');
/** The holder-name field's container (optional: else pass `holder_name` to `tokenize`). */
export const HolderNameField = /* @__PURE__ */ container<FieldProps>('holder_name');
