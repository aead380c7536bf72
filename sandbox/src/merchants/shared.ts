import { AsyncLocalStorage } from 'node:async_hooks';
import type { Deps } from '../env';
import type { Credentials } from '../http/auth';
import type { RequestCounter } from '../http/counter';
import type { FaultMode } from '../http/faults';
import type { Snapshots } from '../simulate/snapshots';

/**
 * What one merchant's routes read: its dependencies (store, clock, scheduler, deliveries, settings), its
 * credentials, its request counter, its fault mode and its snapshots.
 */
export interface MerchantState {
  deps: Deps;
  creds: Credentials;
  counter: RequestCounter;
  faults: FaultMode;
  snapshots: Snapshots;
}

/** The merchant whose request is being handled by the app the created merchants share. */
const handling = new AsyncLocalStorage<MerchantState>();

/** Handles `run` (a request) as merchant `state`: every {@link perRequest} view reads that merchant's parts. */
export const asMerchant = <T>(state: MerchantState, run: () => T): T => handling.run(state, run);

/**
 * A view of the handled request's merchant part (`pick` of its state): each member read resolves to that merchant's
 * own object at the time of the read, methods bound to it, so an app built once over these views serves every
 * created merchant, each seeing only its own data. Outside a request (while the app is being built) only the
 * members of `settings` answer, those every created merchant has alike (mode, `--lenient`, the log, method names);
 * reading any other then throws, so no route can keep one merchant's store, clock or keys for the others.
 */
export function perRequest<T extends object>(pick: (s: MerchantState) => T, settings: Partial<T> = {}): T {
  return new Proxy({} as T, {
    get(_, member) {
      const state = handling.getStore();
      if (!state) {
        if (Object.hasOwn(settings, member)) return settings[member as keyof T];
        throw new Error(`${String(member)} is one merchant's own: read it while handling a request, never while building the app`);
      }
      const target = pick(state);
      const value: unknown = Reflect.get(target, member, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    has: (_, member) => Object.hasOwn(settings, member) || (!!handling.getStore() && member in pick(handling.getStore()!)),
  });
}

/**
 * The parts of the handled request's merchant, as views ({@link perRequest}); `settings` are the members of `Deps`
 * every created merchant shares, readable while the app is built.
 */
export function sharedState(settings: Partial<Deps>): MerchantState {
  return {
    deps: perRequest((s) => s.deps, settings),
    creds: perRequest((s) => s.creds),
    counter: perRequest((s) => s.counter),
    faults: perRequest((s) => s.faults),
    snapshots: perRequest((s) => s.snapshots),
  };
}
