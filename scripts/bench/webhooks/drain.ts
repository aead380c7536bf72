/**
 * Runs a sandbox's webhook deliveries to their end through the simulation API, so a benchmark counts what was lost
 * rather than what is still waiting for a retry: the retry schedule reaches hours and days on the sandbox clock
 * (sandbox/src/domain/webhooks.ts), far beyond any real-time wait.
 */
import { RETRY_SCHEDULE_MS } from '../../../sandbox/src/domain/webhooks';

/** The whole retry schedule plus an hour, seconds: one clock advance this long runs every retry of a delivery. */
export const SCHEDULE_SPAN_S = RETRY_SCHEDULE_MS.reduce((sum, ms) => sum + ms, 0) / 1000 + 3600;

/** Where the deliveries stand after {@link drainDeliveries}. */
export interface Drained {
  /** Clock advances made. */
  advances: number;
  /** Deliveries still queued or scheduled (0 unless `maxAdvances` ran out). */
  pending: number;
  /** Deliveries that ended `failed`: the receiver refused every attempt of the schedule. */
  failed: number;
}

/**
 * Advances the sandbox clock by {@link SCHEDULE_SPAN_S} (the simulation API's `clock/advance` runs each due retry in
 * time order and awaits its send) until no delivery is queued or scheduled, at most `maxAdvances` times.
 * @param base the sandbox's base URL; `authorization` the private key's Basic header.
 */
export async function drainDeliveries(base: string, merchantId: string, authorization: string, maxAdvances = 5): Promise<Drained> {
  const sim = `${base}/sandbox/v1/${merchantId}`;
  const get = async (path: string) => {
    const res = await fetch(`${sim}${path}`, { headers: { authorization } });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    return (await res.json()) as unknown[];
  };
  const count = async (status: string) => (await get(`/deliveries?status=${status}&limit=100`)).length;
  let advances = 0;
  let pending = (await count('queued')) + (await count('scheduled'));
  while (pending > 0 && advances < maxAdvances) {
    const res = await fetch(`${sim}/clock/advance`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: SCHEDULE_SPAN_S }),
    });
    if (res.status !== 200) throw new Error(`clock/advance answered ${res.status}`);
    advances++;
    pending = (await count('queued')) + (await count('scheduled'));
  }
  return { advances, pending, failed: await count('failed') };
}
