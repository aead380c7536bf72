/**
 * Audio rendering: a 10 kHz triangle wave through a dynamics compressor (default settings), rendered offline (1 channel, 5000
 * frames at 44.1 kHz); the sum of the absolute values of samples 4500-4999. Floating-point differences in the
 * audio stack make it differ between browsers, versions and platforms. Undefined (unsupported) without
 * `OfflineAudioContext` (Safari before 14.1 had only a prefixed one); a rendering that never finishes ends as `timeout` in the runner.
 */
export async function audio(): Promise<number | undefined> {
  if (!window.OfflineAudioContext) return;
  const ctx = new OfflineAudioContext(1, 5000, 44100);
  // Constructed with its type, not createOscillator() then .type: that would build the sine wave tables first,
  // 3 ms of main-thread time in a fresh page (Chromium 156).
  const osc = new OscillatorNode(ctx, { type: 'triangle', frequency: 10000 });
  osc.connect(ctx.createDynamicsCompressor()).connect(ctx.destination);
  osc.start(0);
  const data = (await ctx.startRendering()).getChannelData(0);
  let sum = 0;
  for (let i = 4500; i < 5000; i++) sum += Math.abs(data[i]!);
  return sum;
}
