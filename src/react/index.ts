/**
 * `paytoken/react`: hosted fields for React 18 and 19. A `PayTokenProvider` holds the client settings; the card
 * element (`CardElement`) or the split fields (`CardNumberField`, `ExpiryField`, `Cvv2Field`, `HolderNameField`)
 * render their containers; `useHostedFields()` gives the state and `tokenize`. See docs/react.md.
 */
export { PayTokenProvider, type PayTokenProviderProps } from './provider';
export {
  CardElement,
  CardNumberField,
  ExpiryField,
  Cvv2Field,
  HolderNameField,
  type ElementProps,
  type FieldProps,
  type CardElementProps,
} from './elements';
export { useHostedFields, type UseHostedFields } from './hook';
export type { ElementEvents, ElementKey, PayTokenEvents, PayTokenOptions } from './types';
