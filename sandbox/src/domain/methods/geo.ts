/**
 * Great-circle distances on the Earth (the store search, spec "Convenience store search": `latitud`, `longitud`,
 * `kilometers`). Pure.
 */

/** The Earth's mean radius, km (IUGG: 6371.0088 km). */
export const EARTH_RADIUS_KM = 6371.0088;

const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * The great-circle distance between two points (degrees of latitude and longitude), km, by the haversine formula
 * on a sphere of {@link EARTH_RADIUS_KM} (within 0.5 % of the ellipsoid's distance).
 */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const h = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
