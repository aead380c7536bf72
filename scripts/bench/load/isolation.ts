/**
 * No client can hurt another: the latency of a token request alone, then while `floods` clients send request bodies
 * nested 10,000 objects deep as fast as they can (each refused with 1001 after one linear pass), and, as the control,
 * while they send flat bodies of the same size (each refused too): nesting should cost nothing more than size.
 */
import { CARD, percentiles, type Client } from './client';

/** The token latency (p50, p99) alone, under the deep-JSON flood and under the flat control, and the flood's counts. */
export async function isolationRun(call: Client, opts: { samples: number; floods: number }) {
  let deep = '1';
  for (let i = 0; i < 10_000; i++) deep = `{"k":${deep}}`;
  const body = `{"card_number":${deep}}`;
  const flat = `{"card_number":"${'x'.repeat(body.length - 18)}"}`;
  const sample = async () => {
    const ms: number[] = [];
    for (let i = 0; i < opts.samples; i++) ms.push((await call('POST', '/tokens', CARD, 'public')).ms);
    return percentiles(ms);
  };
  const alone = await sample();
  const deepFlood = await underFlood(call, body, opts.floods, sample);
  const flatFlood = await underFlood(call, flat, opts.floods, sample);
  return {
    alone,
    under: deepFlood.latency,
    control: flatFlood.latency,
    refused: deepFlood.refused,
    other: deepFlood.other,
    bodyBytes: body.length,
  };
}

/** `sample()` while `floods` clients post `body` to /tokens as fast as they can; counts the 1001 answers. */
async function underFlood<T>(call: Client, body: string, floods: number, sample: () => Promise<T>) {
  let flooding = true;
  let refused = 0;
  let other = 0;
  const flood = async () => {
    while (flooding) {
      const r = await call('POST', '/tokens', body, 'public');
      if (r.status === 400 && r.body?.error_code === 1001) refused++;
      else other++;
    }
  };
  const running = Array.from({ length: floods }, flood);
  const latency = await sample();
  flooding = false;
  await Promise.all(running);
  return { latency, refused, other };
}
