import { createContext, useContext } from 'react';
import { ConfigurationError } from 'paytoken';
import type { Store } from './store';

/** The store of the nearest `PayTokenProvider`. */
export const StoreContext = /* @__PURE__ */ createContext<Store | null>(null);

/**
 * The nearest provider's store. @param user the component or hook asking, for the error.
 * @throws ConfigurationError (`option` `PayTokenProvider`) outside a provider.
 */
export function useStore(user: string): Store {
  const store = useContext(StoreContext);
  if (!store) throw new ConfigurationError('PayTokenProvider', `${user}: not inside a PayTokenProvider`);
  return store;
}
