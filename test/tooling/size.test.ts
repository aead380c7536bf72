// @vitest-environment node
/**
 * Size budget of device data in the shipped code (bytes of gzip -9, deterministic, unlike timings): at most 2 KB
 * of the script-tag build (its marginal cost: the build minus the build with src/fraud/device-data.ts stubbed
 * out; scripts/size/fraud-size.ts and scripts/size/script-tag.ts). The whole build's ceiling and target are held by
 * scripts/size/size.ts (npm run size).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS, measureFraudSizes } from '../../scripts/size/fraud-size';

let sizes: Awaited<ReturnType<typeof measureFraudSizes>>;

beforeAll(async () => {
  sizes = await measureFraudSizes();
}, 60_000);

describe('size budgets', () => {
  it(`device data costs at most ${BUDGETS.deviceData} B gzip in the script-tag build`, () => {
    expect(sizes.deviceData.gzip).toBeGreaterThan(1000); // the stub really removed the collection
    expect(sizes.deviceData.gzip).toBeLessThanOrEqual(BUDGETS.deviceData);
  });

  it('the script-tag build collects device data (its collectors are in it)', () => {
    const text = sizes.iife.toString('utf8');
    for (const api of ['OfflineAudioContext', 'WEBGL_debug_renderer_info', 'measureText', 'SHA-256', 'keepalive'])
      expect(text).toContain(api);
  });
});
