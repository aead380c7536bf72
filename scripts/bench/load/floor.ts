/**
 * The floor of the load run: the sequential latency (one request at a time, one client) of `POST /tokens` and
 * `POST /charges` on the durable sandbox beside a bare route on the same server stack doing one SQLite write
 * transaction (./floor-server.ts), in the same run, in alternating rounds so that drift falls on all of them. The
 * ratios to the floor are what the sandbox's own code costs (target: a charge at most 2x). Beside them, the same
 * stack replaying a charge's own statements: the part of a charge's time that is its records in the database.
 */
import { chargeBody, CARD, type Client } from './client';

/**
 * The p50 of each, milliseconds, and the ratios to the floor: tokens, charges, and a charge's own statements replayed
 * on the floor's stack (`chargeWrites`, ./charge-writes.ts).
 */
export interface FloorResult {
  p50: { floor: number; chargeWrites: number; tokens: number; charges: number };
  ratio: { tokens: number; charges: number; chargeWrites: number };
  problems: string[];
}

/** The median of some durations, milliseconds (rounded to 0.01). */
const median = (ms: number[]) => Math.round([...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]! * 100) / 100;

/**
 * `rounds` rounds of `perRound` requests of each, one at a time: tokens (timed), then a charge of each of those tokens
 * (timed), then the floor, then the charge's statements on the floor's stack. A first round of `perRound` each warms
 * them all up, untimed.
 * @param floorBase the floor server's base URL.
 */
export async function floorRun(sandbox: Client, floorBase: string, { rounds = 5, perRound = 60 } = {}): Promise<FloorResult> {
  const ms = { floor: [] as number[], chargeWrites: [] as number[], tokens: [] as number[], charges: [] as number[] };
  const problems: string[] = [];
  const floor = async (i: number, path = '/floor') => {
    const t0 = performance.now();
    const res = await fetch(`${floorBase}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...CARD, i }),
    });
    await res.text();
    if (res.status !== 201) problems.push(`${path}: ${res.status}`);
    return performance.now() - t0;
  };
  for (let round = 0; round <= rounds; round++) {
    const timed = round > 0;
    const tokens: string[] = [];
    for (let i = 0; i < perRound; i++) {
      const r = await sandbox('POST', '/tokens', CARD, 'public');
      if (r.status !== 201) problems.push(`floor tokens: ${r.status}`);
      tokens.push(r.body?.id);
      if (timed) ms.tokens.push(r.ms);
    }
    for (const [i, token] of tokens.entries()) {
      const r = await sandbox('POST', '/charges', chargeBody({ source_id: token }, `floor-${round}-${i}`));
      if (r.status !== 201) problems.push(`floor charges: ${r.status}`);
      if (timed) ms.charges.push(r.ms);
    }
    for (let i = 0; i < perRound; i++) {
      const t = await floor(round * perRound + i);
      if (timed) ms.floor.push(t);
    }
    for (let i = 0; i < perRound; i++) {
      const t = await floor(round * perRound + i, '/floor/charge-writes');
      if (timed) ms.chargeWrites.push(t);
    }
  }
  const p50 = { floor: median(ms.floor), chargeWrites: median(ms.chargeWrites), tokens: median(ms.tokens), charges: median(ms.charges) };
  const ratio = { tokens: p50.tokens / p50.floor, charges: p50.charges / p50.floor, chargeWrites: p50.chargeWrites / p50.floor };
  return { p50, ratio, problems: [...new Set(problems)] };
}
