import { useSyncExternalStore } from 'react';
import type { FieldsState, HostedFields, PayTokenError } from 'paytoken';
import { useStore } from './context';

/** What {@link useHostedFields} returns. */
export interface UseHostedFields {
  /** The mount's state (per field, brand, `canSubmit`, `deviceSessionId`); null before the mount and on the server. */
  state: FieldsState | null;
  /** Every frame loaded and configured. */
  ready: boolean;
  /** The mount's own failure (a `ConfigurationError`: a missing field, a bad setting), if it failed. */
  error?: PayTokenError;
  /**
   * Tokenizes (see `HostedFields.tokenize`): resolves `{token_id, device_session_id, token}`; rejects with
   * ValidationError, ApiError, NetworkError, TimeoutError or ConfigurationError (not mounted or not ready yet, or
   * the mount's failure). Stable across renders.
   */
  tokenize: HostedFields['tokenize'];
  /** Moves the focus into a field. */
  focus: HostedFields['focus'];
  /** Empties a field, or every field. */
  clear: HostedFields['clear'];
}

/**
 * The hosted fields of the nearest `PayTokenProvider`: their state (re-rendering the caller on each event) and
 * their methods. @throws ConfigurationError outside a provider.
 */
export function useHostedFields(): UseHostedFields {
  const store = useStore();
  const snap = useSyncExternalStore(store.subscribe, store.takeSnapshot, store.takeSnapshot);
  return { ...snap, ready: !!snap.state?.ready, tokenize: store.tokenize, focus: store.focus, clear: store.clear };
}
