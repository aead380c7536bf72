/**
 * The stores near a shopper, for a cash order: the sandbox's store search (`GET {base}/stores`, docs/sandbox.md
 * "Store search") around the browser's position or the centre of a postal code's city, each store with its
 * distance (km, great-circle) and chain.
 */

/** A point on Earth, degrees. */
export interface Point {
  lat: number;
  lng: number;
}

/** A store as the shop shows it: name, chain, its thumb URL, the street address and the distance in km (1 decimal). */
export interface NearStore {
  name: string;
  chain: string;
  thumb: string;
  address: string;
  km: number;
}

/** Radius of the search, km. */
export const SEARCH_KM = 10;

/**
 * The shop's own table of postal codes (first and last of each range) to a city centre: the cities where the
 * sandbox's fictional stores are. A real shop would ask a geocoding service.
 */
const POSTAL_CITIES: readonly [first: number, last: number, lat: number, lng: number][] = [
  [1000, 16999, 19.4326, -99.1332], // Ciudad de México
  [44100, 44990, 20.6597, -103.3496], // Guadalajara
  [64000, 64990, 25.6866, -100.3161], // Monterrey
  [72000, 72590, 19.0414, -98.2063], // Puebla
  [22000, 22700, 32.5149, -117.0382], // Tijuana
  [37000, 37700, 21.125, -101.686], // León
  [76000, 76250, 20.5888, -100.3899], // Querétaro
  [97000, 97390, 20.9674, -89.5926], // Mérida
  [50000, 50295, 19.2826, -99.6557], // Toluca
  [20000, 20390, 21.8853, -102.2916], // Aguascalientes
  [78000, 78399, 22.1565, -100.9855], // San Luis Potosí
  [31000, 31390, 28.632, -106.0691], // Chihuahua
];

/** The centre of a 5-digit postal code's city, or undefined when the shop does not know it. */
export function pointOfPostalCode(code: string): Point | undefined {
  if (!/^\d{5}$/.test(code)) return undefined;
  const n = Number(code);
  const city = POSTAL_CITIES.find(([first, last]) => n >= first && n <= last);
  return city && { lat: city[2], lng: city[3] };
}

/** Great-circle distance between two points, km (haversine, mean Earth radius 6371.0088 km). */
export function distanceKm(a: Point, b: Point): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

/**
 * The stores within {@link SEARCH_KM} of `at` whose chain takes `amount` (MXN), nearest first, at most `max`.
 * @returns undefined when the API could not be asked or refused.
 */
export async function storesNear(opts: { apiBaseUrl: string; publicKey: string; at: Point; amount: number; max?: number }) {
  const query = new URLSearchParams({
    latitud: String(opts.at.lat),
    longitud: String(opts.at.lng),
    kilometers: String(SEARCH_KM),
    amount: opts.amount.toFixed(2),
  });
  const answer = await fetch(`${opts.apiBaseUrl}/stores?${query}`, {
    headers: { Authorization: `Basic ${Buffer.from(`${opts.publicKey}:`).toString('base64')}` },
  }).catch(() => undefined);
  if (!answer?.ok) return undefined;
  const list = (await answer.json()) as StoreAnswer[];
  return list.slice(0, opts.max ?? 8).map((s): NearStore => {
    // the chain is `{network}_chain` (the spec's `<alt>_chain`; `cashnet_chain` by default)
    const chain = Object.entries(s).find(([key]) => key.endsWith('_chain'))?.[1] as { name?: string; thumb?: string } | undefined;
    return {
      name: s.name,
      chain: chain?.name ?? '',
      thumb: chain?.thumb ?? '',
      address: [s.address?.line1, s.address?.city].filter(Boolean).join(', '),
      km: Math.round(distanceKm(opts.at, s.geolocation) * 10) / 10,
    };
  });
}

/** What the store search answers per store, as far as the shop reads it (spec, Resources > Convenience store object). */
interface StoreAnswer {
  name: string;
  geolocation: Point;
  address?: { line1?: string; city?: string };
  [member: string]: unknown;
}
