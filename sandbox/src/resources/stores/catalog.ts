import type { Address } from 'paytoken/rules';

/**
 * The store search's catalog (spec, "Convenience store search"; Convenience store object): fictional chains and
 * their stores in Mexico's large cities, generated deterministically (a seeded generator: the same catalog on every
 * machine and run), so tests and demos can rely on it. Pure data, no I/O.
 */

/** A chain: its name, the path segment of its images, its colour, and the most it accepts for one payment (cents). */
export interface StoreChain {
  slug: string;
  name: string;
  color: string;
  maxCents: number;
}

/** The chains (fictional names), each with its `max_amount` (spec: "maximum payment accepted by the chain"). */
export const STORE_CHAINS: readonly StoreChain[] = [
  { slug: 'alborada', name: 'Tiendas Alborada', color: '#c2410c', maxCents: 1_000_000 },
  { slug: 'colibri', name: 'Súper Colibrí', color: '#047857', maxCents: 500_000 },
  { slug: 'lumbre', name: 'Farmacias Lumbre', color: '#1d4ed8', maxCents: 300_000 },
  { slug: 'nopalito', name: 'Abarrotes Nopalito', color: '#4d7c0f', maxCents: 200_000 },
  { slug: 'brisamar', name: 'Kiosco Brisamar', color: '#0e7490', maxCents: 1_500_000 },
  { slug: 'tulipan', name: 'Mercadito Tulipán', color: '#be185d', maxCents: 800_000 },
];

/** One store of the catalog (the chain by its index in {@link STORE_CHAINS}). */
export interface CatalogStore {
  id_store: number;
  /** Its number within its chain. */
  id: number;
  chain: number;
  name: string;
  lat: number;
  lng: number;
  address: Address;
}

/** A city: centre, radius of its stores (km), state, postal codes (first and last) and how many stores. */
interface City {
  city: string;
  state: string;
  lat: number;
  lng: number;
  km: number;
  postal: readonly [number, number];
  stores: number;
}

const CITIES: readonly City[] = [
  { city: 'Ciudad de México', state: 'Ciudad de México', lat: 19.4326, lng: -99.1332, km: 15, postal: [1000, 16999], stores: 150 },
  { city: 'Guadalajara', state: 'Jalisco', lat: 20.6597, lng: -103.3496, km: 10, postal: [44100, 44990], stores: 80 },
  { city: 'Monterrey', state: 'Nuevo León', lat: 25.6866, lng: -100.3161, km: 10, postal: [64000, 64990], stores: 80 },
  { city: 'Puebla', state: 'Puebla', lat: 19.0414, lng: -98.2063, km: 8, postal: [72000, 72590], stores: 30 },
  { city: 'Tijuana', state: 'Baja California', lat: 32.5149, lng: -117.0382, km: 10, postal: [22000, 22700], stores: 30 },
  { city: 'León', state: 'Guanajuato', lat: 21.125, lng: -101.686, km: 8, postal: [37000, 37700], stores: 30 },
  { city: 'Querétaro', state: 'Querétaro', lat: 20.5888, lng: -100.3899, km: 7, postal: [76000, 76250], stores: 30 },
  { city: 'Mérida', state: 'Yucatán', lat: 20.9674, lng: -89.5926, km: 8, postal: [97000, 97390], stores: 30 },
  { city: 'Toluca', state: 'Estado de México', lat: 19.2826, lng: -99.6557, km: 6, postal: [50000, 50295], stores: 30 },
  { city: 'Aguascalientes', state: 'Aguascalientes', lat: 21.8853, lng: -102.2916, km: 6, postal: [20000, 20390], stores: 30 },
  { city: 'San Luis Potosí', state: 'San Luis Potosí', lat: 22.1565, lng: -100.9855, km: 6, postal: [78000, 78399], stores: 30 },
  { city: 'Chihuahua', state: 'Chihuahua', lat: 28.632, lng: -106.0691, km: 7, postal: [31000, 31390], stores: 30 },
];

const STREETS = [
  'Av. Juárez',
  'Calle Hidalgo',
  'Av. Reforma',
  'Calle Morelos',
  'Av. Independencia',
  'Calle Allende',
  'Av. Revolución',
  'Calle Zaragoza',
  'Calle Guerrero',
  'Av. Insurgentes',
  'Calle Madero',
  'Calle 5 de Mayo',
  'Av. Universidad',
  'Calle Aldama',
  'Av. Constitución',
];

const COLONIAS = ['Centro', 'Del Valle', 'Las Flores', 'San José', 'Jardines', 'Lomas', 'Santa María', 'Industrial', 'Los Pinos', 'La Paz'];

/** mulberry32: a small seeded generator of numbers in [0, 1) (the same sequence for the same seed). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Six decimals of a degree (about 0.1 m), as map providers give coordinates. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The catalog: every city's stores, at uniformly random points of a disc around its centre, chains drawn at random. */
function generate(): CatalogStore[] {
  const random = seeded(20_260_301);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const perChain = STORE_CHAINS.map(() => 0);
  const stores: CatalogStore[] = [];
  for (const c of CITIES) {
    for (let i = 0; i < c.stores; i++) {
      const chain = Math.floor(random() * STORE_CHAINS.length);
      const km = c.km * Math.sqrt(random());
      const bearing = 2 * Math.PI * random();
      const lat = c.lat + (km * Math.cos(bearing)) / 111.32;
      const lng = c.lng + (km * Math.sin(bearing)) / (111.32 * Math.cos((c.lat * Math.PI) / 180));
      const colonia = pick(COLONIAS);
      const postal = c.postal[0] + Math.floor(random() * (c.postal[1] - c.postal[0] + 1));
      stores.push({
        id_store: stores.length + 1,
        id: ++perChain[chain]!,
        chain,
        name: `${STORE_CHAINS[chain]!.name} ${colonia}`,
        lat: round6(lat),
        lng: round6(lng),
        address: {
          line1: `${pick(STREETS)} ${1 + Math.floor(random() * 2999)}`,
          line2: `Col. ${colonia}`,
          postal_code: String(postal).padStart(5, '0'),
          state: c.state,
          city: c.city,
          country_code: 'MX',
        },
      });
    }
  }
  return stores;
}

let catalog: readonly CatalogStore[] | null = null;

/** Every store of the catalog (580 in 12 cities), built once. */
export const storeCatalog = (): readonly CatalogStore[] => (catalog ??= generate());

/** The store with `id_store`, or undefined. */
export const storeById = (idStore: number): CatalogStore | undefined => storeCatalog()[idStore - 1];

/** When the catalog was last updated (every store's `last_update`): a fixed instant, central time. */
export const CATALOG_UPDATED = '2026-01-15T09:00:00-06:00';
