import { useEffect, useInsertionEffect, useRef, useState, type ReactNode } from 'react';
import type { FieldsConfig } from 'paytoken';
import { StoreContext } from './context';
import { createStore } from './store';
import type { PayTokenOptions } from './types';

/** Props of {@link PayTokenProvider}. */
export interface PayTokenProviderProps {
  /** The client settings (`merchantId`, `publicKey`, `baseUrl`, `timeoutMs`, `fieldsUrl`, `acceptedBrands`): read once, frozen. */
  config: FieldsConfig;
  /** Options of the mount (see {@link PayTokenOptions}); `locale` and `style` change the frames in place. */
  options?: PayTokenOptions;
  children?: ReactNode;
}

/**
 * Holds one client configuration (a frozen copy of the first `config`; a new one takes a new provider, e.g. a new
 * `key`) and mounts every container rendered under it (`CardElement`, or `CardNumberField`, `ExpiryField`,
 * `Cvv2Field`, `HolderNameField`) as one `mountFields` call: one mount, one channel, one set of frames, in StrictMode
 * too. Unmounting the provider removes every frame and listener. Renders no element of its own; on the server it
 * renders its children and touches no browser global (the mount happens in an effect).
 */
export function PayTokenProvider({ config, options, children }: PayTokenProviderProps) {
  const latest = useRef(options);
  useInsertionEffect(() => {
    latest.current = options;
  });
  const [store] = useState(() => createStore(Object.freeze({ ...config }), () => latest.current));
  useEffect(() => store.start(), [store]);
  // the options may have changed: locale and style in place, anything else mounts afresh (compared by value)
  useEffect(() => store.sync());
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}
