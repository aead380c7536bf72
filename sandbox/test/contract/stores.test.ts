/**
 * The convenience store search (spec, Endpoints > Convenience store search; Resources > Convenience store object):
 * `GET {base}/stores?latitud&longitud&kilometers&amount`, no merchant segment, no version, public or private key;
 * the great-circle distance filter against hand-computed cases, the chains' `max_amount` filter, nearest first; the
 * bundled catalog; bad or missing parameters are 1001 naming them.
 */
import { describe, expect, it } from 'vitest';
import { distanceKm, EARTH_RADIUS_KM } from '../../src/domain/methods/geo';
import { STORE_CHAINS, storeCatalog } from '../../src/resources/stores/catalog';
import { expectError, useSandbox } from './helpers';

const api = useSandbox();

type Found = { id_store: number; geolocation: { lat: number; lng: number }; cashnet_chain: { name: string; max_amount: number } };

const search = (q: Record<string, string | number>, as: 'public' | 'private' | 'none' = 'public') =>
  api.call('GET', `/stores?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`, { as, prefix: '' });

/** One kilometre north along a meridian is 1 / R radians of latitude (R the sphere's radius): the hand-computed case. */
const degNorth = (km: number) => (km / EARTH_RADIUS_KM) * (180 / Math.PI);

describe('great-circle distance (domain/methods/geo.ts)', () => {
  it.each([
    // along the equator and a meridian the distance is R times the angle: 6371.0088 * pi / 180 = 111.19508 km per degree
    [0, 0, 0, 1, 111.19508],
    [0, 0, 1, 0, 111.19508],
    [10, 20, 10, 20, 0],
    // antipodes: half the circumference, pi R = 20,015.11444 km
    [0, 0, 0, 180, 20_015.11444],
    // a quarter circle, pole to equator: pi R / 2
    [90, 0, 0, 45, 10_007.55722],
    // Mexico City's Zocalo to Puebla's Zocalo, by the spherical law of cosines: an arc of 0.958598 degrees, 106.591 km
    [19.4326, -99.1332, 19.0414, -98.2063, 106.591],
  ])('(%f, %f) to (%f, %f) is %f km', (lat1, lng1, lat2, lng2, km) => {
    expect(distanceKm(lat1, lng1, lat2, lng2)).toBeCloseTo(km, km > 1000 ? 3 : 2);
  });
});

describe('the catalog', () => {
  it('at least 500 stores of at least five chains, in Mexico, with Address objects, unique ids, generated the same every time', () => {
    const stores = storeCatalog();
    expect(stores.length).toBeGreaterThanOrEqual(500);
    expect(STORE_CHAINS.length).toBeGreaterThanOrEqual(5);
    expect(new Set(stores.map((s) => s.chain)).size).toBe(STORE_CHAINS.length);
    expect(new Set(stores.map((s) => s.id_store)).size).toBe(stores.length);
    expect(new Set(stores.map((s) => `${s.chain}:${s.id}`)).size).toBe(stores.length);
    for (const s of stores) {
      expect(s.lat).toBeGreaterThan(14.5);
      expect(s.lat).toBeLessThan(32.8);
      expect(s.lng).toBeGreaterThan(-118);
      expect(s.lng).toBeLessThan(-86.5);
      expect(s.address).toMatchObject({
        line1: expect.stringMatching(/\S \d+$/),
        postal_code: expect.stringMatching(/^\d{5}$/),
        country_code: 'MX',
      });
    }
    expect(new Set(stores.map((s) => s.address.city)).size).toBeGreaterThanOrEqual(10);
    // a fixed seed: the first store is the same on every machine
    expect(stores[0]).toMatchObject({ id_store: 1, address: { city: 'Ciudad de México' } });
    expect(JSON.stringify(stores[0])).toMatchInlineSnapshot(
      `"{"id_store":1,"id":1,"chain":3,"name":"Abarrotes Nopalito Lomas","lat":19.549192,"lng":-99.15366,"address":{"line1":"Calle Zaragoza 2932","line2":"Col. Lomas","postal_code":"07629","state":"Ciudad de México","city":"Ciudad de México","country_code":"MX"}}"`,
    );
  });
});

describe('GET {base}/stores', () => {
  const s = storeCatalog()[40]!;

  it('the Convenience store object: chain with logo, thumb and max_amount under the network name; the chain images served', async () => {
    const r = await search({ latitud: s.lat, longitud: s.lng, kilometers: 0.001, amount: 1 });
    expect(r.status).toBe(200);
    expect(r.body[0]).toEqual({
      id_store: s.id_store,
      id: s.id,
      name: s.name,
      last_update: '2026-01-15T09:00:00-06:00',
      status: 'active',
      geolocation: { lat: s.lat, lng: s.lng, place_id: `sbx-place-${s.id_store}` },
      address: s.address,
      cashnet_chain: {
        name: STORE_CHAINS[s.chain]!.name,
        logo: `${api.baseUrl}/chains/${STORE_CHAINS[s.chain]!.slug}/logo.svg`,
        thumb: `${api.baseUrl}/chains/${STORE_CHAINS[s.chain]!.slug}/thumb.svg`,
        max_amount: STORE_CHAINS[s.chain]!.maxCents / 100,
      },
    });
    for (const url of [r.body[0].cashnet_chain.logo, r.body[0].cashnet_chain.thumb]) {
      const img = await fetch(url);
      expect([img.status, img.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
      expect(await img.text()).toMatch(/^<svg /);
    }
  });

  it('a store d km due north of the point is found with a radius of d + 0.01 km and not with d - 0.01 km', async () => {
    for (const d of [0.5, 3, 12.5]) {
      const q = { latitud: (s.lat - degNorth(d)).toFixed(9), longitud: s.lng, amount: 1 };
      const ids = async (kilometers: number) => ((await search({ ...q, kilometers })).body as Found[]).map((f) => f.id_store);
      expect(await ids(d + 0.01)).toContain(s.id_store);
      expect(await ids(d - 0.01)).not.toContain(s.id_store);
    }
  });

  it('nearest first; every result within the radius (by an independent law-of-cosines distance); every store within it found', async () => {
    const q = { latitud: 20.6597, longitud: -103.3496, kilometers: 5, amount: 100 };
    const found = (await search(q)).body as Found[];
    const cosines = (f: Found) => {
      const r = (x: number) => (x * Math.PI) / 180;
      const c =
        Math.sin(r(q.latitud)) * Math.sin(r(f.geolocation.lat)) +
        Math.cos(r(q.latitud)) * Math.cos(r(f.geolocation.lat)) * Math.cos(r(f.geolocation.lng - q.longitud));
      return EARTH_RADIUS_KM * Math.acos(Math.min(1, c));
    };
    const km = found.map(cosines);
    expect(found.length).toBeGreaterThan(5);
    expect(km.every((k) => k <= 5 + 1e-6)).toBe(true);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    const expected = storeCatalog()
      .filter((c) => cosines({ geolocation: c } as unknown as Found) <= 5 - 1e-6)
      .map((c) => c.id_store);
    for (const id of expected) expect(found.map((f) => f.id_store)).toContain(id);
  });

  it('only chains whose max_amount covers the amount', async () => {
    const q = { latitud: 19.4326, longitud: -99.1332, kilometers: 30 };
    const chains = async (amount: number) =>
      new Set(((await search({ ...q, amount })).body as Found[]).map((f) => f.cashnet_chain.max_amount));
    expect([...(await chains(100))].sort((a, b) => a - b)).toEqual(STORE_CHAINS.map((c) => c.maxCents / 100).sort((a, b) => a - b));
    expect([...(await chains(2000.01))].every((m) => m >= 2000.01)).toBe(true);
    expect([...(await chains(12_000))]).toEqual([15_000]);
    expect((await search({ ...q, amount: 15_000.01 })).body).toEqual([]);
  });

  it('far from every city: an empty array', async () => {
    expect((await search({ latitud: 0, longitud: 0, kilometers: 100, amount: 1 })).body).toEqual([]);
  });

  it('public or private key; no key is 1002; the path has no merchant segment', async () => {
    const q = { latitud: 19.4326, longitud: -99.1332, kilometers: 1, amount: 1 };
    expect((await search(q, 'private')).status).toBe(200);
    expectError(await search(q, 'none'), 1002, 401);
    expect((await api.call('GET', '/stores?latitud=19&longitud=-99&kilometers=1&amount=1')).status).toBe(404);
  });

  it.each([
    [{ longitud: -99, kilometers: 1, amount: 1 }, 'latitud is required'],
    [{ latitud: 91, longitud: -99, kilometers: 1, amount: 1 }, 'latitud'],
    [{ latitud: '19,4', longitud: -99, kilometers: 1, amount: 1 }, 'latitud'],
    [{ latitud: 19, longitud: 'west', kilometers: 1, amount: 1 }, 'longitud'],
    [{ latitud: 19, longitud: -181, kilometers: 1, amount: 1 }, 'longitud'],
    [{ latitud: 19, kilometers: 1, amount: 1 }, 'longitud is required'],
    [{ latitud: 19, longitud: -99, amount: 1 }, 'kilometers is required'],
    [{ latitud: 19, longitud: -99, kilometers: 0, amount: 1 }, 'kilometers'],
    [{ latitud: 19, longitud: -99, kilometers: 1001, amount: 1 }, 'kilometers'],
    [{ latitud: 19, longitud: -99, kilometers: 1 }, 'amount is required'],
    [{ latitud: 19, longitud: -99, kilometers: 1, amount: 0 }, 'amount'],
    [{ latitud: 19, longitud: -99, kilometers: 1, amount: '1.005' }, 'amount'],
  ])('%j -> 1001 naming the parameter', async (q, mention) => {
    expectError(await search(q as Record<string, string | number>), 1001, 400, mention);
  });
});
