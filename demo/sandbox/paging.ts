import type { ListQuery } from './schemas/index';
import { localDate } from './clock';
import type { Stored } from './store';

/**
 * Applies the common list filters (spec, Endpoints, list filters) to records already narrowed by the
 * resource's own filters: `creation`, `creation[gte]`, `creation[lte]` against the creation date in central
 * time, then newest first (creation time descending, later insertion first on ties), then `offset`/`limit`.
 */
export function page<T extends Stored>(records: Iterable<T>, q: ListQuery): T[] {
  const eq = q.creation;
  const gte = q['creation[gte]'];
  const lte = q['creation[lte]'];
  return [...records]
    .filter((r) => {
      const day = localDate(r.created);
      return (!eq || day === eq) && (!gte || day >= gte) && (!lte || day <= lte);
    })
    .sort((a, b) => b.created.getTime() - a.created.getTime() || b.seq - a.seq)
    .slice(q.offset, q.offset + q.limit);
}
