// @vitest-environment node
/**
 * Size budgets of the shipped code (bytes of gzip -9, deterministic, unlike timings): the script-tag build must
 * stay within 8 KB once the form layer lands, and device data may take at most 2 KB of it (its marginal cost:
 * the build minus the build with src/fraud/device-data.ts stubbed out; scripts/fraud-size.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS, measureFraudSizes } from '../scripts/fraud-size';

let sizes: Awaited<ReturnType<typeof measureFraudSizes>>;

beforeAll(async () => {
  sizes = await measureFraudSizes();
}, 60_000);

describe('size budgets', () => {
  it(`device data costs at most ${BUDGETS.deviceData} B gzip in the script-tag build`, () => {
    expect(sizes.deviceData.gzip).toBeGreaterThan(1000); // the stub really removed the collection
    expect(sizes.deviceData.gzip).toBeLessThanOrEqual(BUDGETS.deviceData);
  });

  it(`the script-tag build is at most ${BUDGETS.scriptTag} B gzip`, () => {
    expect(sizes.scriptTag.gzip).toBeLessThanOrEqual(BUDGETS.scriptTag);
  });

  it('the script-tag build collects device data (its collectors are in it)', () => {
    const text = sizes.iife.toString('utf8');
    for (const api of ['OfflineAudioContext', 'WEBGL_debug_renderer_info', 'measureText', 'SHA-256', 'keepalive']) expect(text).toContain(api);
  });
});
