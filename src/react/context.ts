import { createContext, useContext } from 'react';
import { ConfigurationError } from 'paytoken';
import type { Store } from './store';

/** The store of the nearest `PayTokenProvider`. */
export const StoreContext = /* @__PURE__ */ createContext<Store | null>(null);

/**
 * The nearest provider's store (for the components and `useHostedFields`).
 * @throws ConfigurationError (`option` `PayTokenProvider`) outside a provider.
 */
export function useStore(): Store {
  const store = useContext(StoreContext);
  if (!store) throw new ConfigurationError('PayTokenProvider', 'PayTokenProvider: none around this component');
  return store;
}
