import { distanceKm } from '../../domain/methods/geo';
import { STORE_CHAINS, storeCatalog, type CatalogStore } from './catalog';
import type { StoreSearch } from './schema';

/**
 * The store search (spec, Endpoints > Convenience store search): the catalog's stores within `kilometers` of the
 * point (great-circle distance, domain/methods/geo.ts) whose chain's `max_amount` covers `amount`, nearest first
 * (ties: by `id_store`). The catalog is bounded (./catalog.ts), so is the answer.
 */
export function searchStores(q: StoreSearch): CatalogStore[] {
  return storeCatalog()
    .filter((s) => STORE_CHAINS[s.chain]!.maxCents >= q.amount)
    .map((s) => ({ s, km: distanceKm(q.latitud, q.longitud, s.lat, s.lng) }))
    .filter((x) => x.km <= q.kilometers)
    .sort((a, b) => a.km - b.km || a.s.id_store - b.s.id_store)
    .map((x) => x.s);
}
