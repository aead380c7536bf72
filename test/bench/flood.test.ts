/**
 * A bounded flood of the sandbox (scripts/bench/flood.ts): the CLI runs as a child process (so the RSS measured
 * is the sandbox's own), is sent 2000 of the largest public-key bodies its bounds accept (device data at the
 * shape limits, tokens with every address field at its maximum) on loopback, stopping by itself after 60 s at
 * most, with a store cap of 200 records so that every store evicts many times over. It must answer every request
 * with 201, still create a token afterwards, and stay under the documented RSS ceiling.
 */
import { expect, it } from 'vitest';
import { flood, FLOOD_RSS_CEILING_MB } from '../../scripts/bench/flood';

it(`flooded with the largest accepted bodies, the sandbox stays alive and under ${FLOOD_RSS_CEILING_MB} MiB RSS`, async () => {
  const r = await flood({ requests: 2000, maxSeconds: 60, connections: 8, maxRecords: 200 });
  console.log(`flood: ${r.sent} requests in ${r.seconds} s; RSS start ${r.rssStartMb} MiB, peak ${r.rssPeakMb} MiB, end ${r.rssEndMb} MiB`);
  expect(r.sent).toBeGreaterThan(500);
  expect(r.statuses).toEqual({ 201: r.sent });
  expect(r.alive).toBe(true);
  expect(r.rssPeakMb).toBeLessThan(FLOOD_RSS_CEILING_MB);
}, 120_000);
