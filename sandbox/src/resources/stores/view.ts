import { z } from 'zod';
import { fromCents } from '../../domain/money';
import { addressObject, dateTime } from '../shared/objects';
import { CATALOG_UPDATED, STORE_CHAINS, type CatalogStore } from './catalog';

/** The chain of a store as the spec shows it (`<alt>_chain`): name, logo and thumb URLs, `max_amount`. */
const chainObject = z.object({ name: z.string(), logo: z.string(), thumb: z.string(), max_amount: z.number() });

/**
 * Convenience store object (spec, Resources > Convenience store object). `<alt>_chain` carries the store network's
 * name (`--store-network`), so the OpenAPI document describes it as any `{network}_chain` member.
 */
export const storeObject = z
  .object({
    id_store: z.number(),
    id: z.number(),
    name: z.string(),
    last_update: dateTime,
    status: z.string(),
    geolocation: z.object({ lng: z.number(), lat: z.number(), place_id: z.string() }),
    address: addressObject,
  })
  .catchall(chainObject)
  .meta({ id: 'ConvenienceStore' });

export type StoreView = z.infer<typeof storeObject>;

/** Where the sandbox serves a chain's images (pages/barcodes.ts): `{base}/chains/{slug}/logo.svg` and `thumb.svg`. */
export const chainImageUrl = (publicUrl: string, slug: string, image: 'logo' | 'thumb'): string =>
  `${publicUrl}/chains/${slug}/${image}.svg`;

/** The Convenience store object of a catalog store. */
export function storeView(s: CatalogStore, network: string, publicUrl: string): StoreView {
  const chain = STORE_CHAINS[s.chain]!;
  return {
    id_store: s.id_store,
    id: s.id,
    name: s.name,
    last_update: CATALOG_UPDATED,
    status: 'active',
    geolocation: { lng: s.lng, lat: s.lat, place_id: `sbx-place-${s.id_store}` },
    address: s.address,
    [`${network}_chain`]: {
      name: chain.name,
      logo: chainImageUrl(publicUrl, chain.slug, 'logo'),
      thumb: chainImageUrl(publicUrl, chain.slug, 'thumb'),
      max_amount: fromCents(chain.maxCents),
    },
  } as StoreView;
}
