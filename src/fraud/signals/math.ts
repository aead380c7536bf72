/**
 * Math precision: results whose last bits depend on the engine's libm (after FingerprintJS's `math` source):
 * expm1(1), sin and tan of -1e300 (the argument reduction of huge values, where libms differ most) and pi^-100.
 */
export function math(): number[] {
  const M = Math;
  return [M.expm1(1), M.sin(-1e300), M.tan(-1e300), M.pow(M.PI, -100)];
}
