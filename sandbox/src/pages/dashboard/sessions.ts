import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Session } from './types';

export type { Session };

/**
 * Bounds of the sessions (`createSandboxApp` option `dashboard`):
 * - `maxSessions`: most sessions at once; a new one pushes out the least recently used. @default 32
 * - `idleSeconds`: a session unused this long is over. @default 1800
 * - `maxAgeSeconds`: a session this old is over, used or not. @default 43200 (12 hours)
 */
export interface SessionLimits {
  maxSessions: number;
  idleSeconds: number;
  maxAgeSeconds: number;
}

export const SESSION_DEFAULTS: SessionLimits = { maxSessions: 32, idleSeconds: 1800, maxAgeSeconds: 43_200 };

const token = () => randomBytes(32).toString('base64url');

/** Constant-time comparison of two strings (tokens, keys). */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The dashboard's sessions: random ids kept server side, bounded in number ({@link SessionLimits.maxSessions}, least
 * recently used pushed out) and in time (idle and absolute limits). Also signs the sign-in form's token, which
 * comes before any session: an HMAC under a key made at start, over a random nonce the browser keeps in a cookie.
 */
export class Sessions {
  readonly #sessions = new Map<string, Session>();
  readonly #key: Buffer;

  /**
   * @param now the real clock, epoch ms.
   * @param signInKey the key of the sign-in form's token (32 bytes), shared by the merchants of one sandbox so a
   *   form one of them served signs in to another. @default 32 random bytes
   */
  constructor(
    readonly limits: SessionLimits,
    readonly now: () => number = Date.now,
    signInKey: Buffer = randomBytes(32),
  ) {
    this.#key = signInKey;
  }

  /** A new session (never a reused id: signing in always makes a new one). */
  create(): Session {
    this.#sweep();
    while (this.#sessions.size >= this.limits.maxSessions) this.#sessions.delete(this.#sessions.keys().next().value!);
    const now = this.now();
    const s: Session = { id: token(), csrf: token(), created: now, seen: now };
    this.#sessions.set(s.id, s);
    return s;
  }

  /** The live session with this id, marked used; undefined when there is none, or it is over (then it is dropped). */
  get(id: string | undefined): Session | undefined {
    const s = id ? this.#sessions.get(id) : undefined;
    if (!s) return undefined;
    if (this.#over(s)) {
      this.#sessions.delete(s.id);
      return undefined;
    }
    s.seen = this.now();
    this.#sessions.delete(s.id); // re-inserted last: the map's order is the least recently used first
    this.#sessions.set(s.id, s);
    return s;
  }

  /** Ends a session (sign-out). */
  delete(id: string): void {
    this.#sessions.delete(id);
  }

  /** How many sessions are kept. */
  get size(): number {
    return this.#sessions.size;
  }

  /** A fresh nonce for the sign-in form's cookie. */
  nonce(): string {
    return token();
  }

  /** The sign-in form's token for a nonce. */
  signInToken(nonce: string): string {
    return createHmac('sha256', this.#key).update(`sign-in\n${nonce}`).digest('base64url');
  }

  #over(s: Session): boolean {
    const now = this.now();
    return now - s.seen > this.limits.idleSeconds * 1000 || now - s.created > this.limits.maxAgeSeconds * 1000;
  }

  #sweep(): void {
    for (const s of this.#sessions.values()) if (this.#over(s)) this.#sessions.delete(s.id);
  }
}
