import { BoundedMap } from '../bounded';

/** Most keys (sessions, addresses) whose attempts are remembered at once, the least recently used forgotten first. */
const MAX_TRACKED = 10_000;

/** A sliding-window counter per key: `take(key)` counts one attempt, false when `max` were made within the window. */
class Window {
  private readonly times = new BoundedMap<string, number[]>(MAX_TRACKED);
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Whether `key` may make one more attempt now; counts it when so. */
  allows(key: string, now: number): boolean {
    const recent = (this.times.get(key) ?? []).filter((t) => t > now - this.windowMs);
    this.times.delete(key); // re-inserted: most recently used last
    this.times.set(key, recent);
    return recent.length < this.max;
  }

  take(key: string, now: number): void {
    this.times.get(key)?.push(now);
  }
}

/**
 * Charge attempts limited per shopper session (`perSession`) and per client address (`perAddress`, a higher
 * bound for clients that drop their cookie) within `windowSeconds`. One shopper who runs out never stops
 * another session, even from the same address, until the address's own bound is reached.
 */
export class AttemptLimits {
  private readonly sessions: Window;
  private readonly addresses: Window;

  constructor(perSession: number, perAddress: number, windowSeconds: number) {
    this.sessions = new Window(perSession, windowSeconds * 1000);
    this.addresses = new Window(perAddress, windowSeconds * 1000);
  }

  /** Counts one attempt of `sid` from `address`; @returns false (nothing counted) when either bound is reached. */
  attempt(sid: string, address: string): boolean {
    const now = Date.now();
    if (!this.sessions.allows(sid, now) || !this.addresses.allows(address, now)) return false;
    this.sessions.take(sid, now);
    this.addresses.take(address, now);
    return true;
  }
}
