/**
 * The dashboard's parts that hold its security and its dates without HTTP (sandbox/src/pages/dashboard/): the
 * sessions' bounds, the sign-in form's signed token, the sign-in throttle, the paths a form may send the browser
 * back to, and the clock page's month and durations.
 */
import { describe, expect, it } from 'vitest';
import { localPath } from '../../src/pages/dashboard/format';
import { monthSeconds, shownDuration } from '../../src/pages/dashboard/pages/clock';
import { Throttle } from '../../src/pages/dashboard/security';
import { Sessions } from '../../src/pages/dashboard/sessions';
import { dayStart } from '../../src/time/dates';

describe('Sessions', () => {
  const make = (max = 3) => {
    let now = 1_000_000;
    const s = new Sessions({ maxSessions: max, idleSeconds: 60, maxAgeSeconds: 300 }, () => now);
    return { s, tick: (seconds: number) => (now += seconds * 1000) };
  };

  it('ids and tokens are 32 random bytes (base64url), all different', () => {
    const { s } = make(100);
    const all = Array.from({ length: 50 }, () => s.create()).flatMap((x) => [x.id, x.csrf]);
    expect(new Set(all).size).toBe(100);
    for (const v of all) expect(v).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('at most maxSessions: a new one pushes out the least recently used', () => {
    const { s } = make(3);
    const [a, b, c] = [s.create(), s.create(), s.create()];
    s.get(a.id);
    s.create();
    expect([s.get(a.id), s.get(b.id), s.get(c.id)].map((x) => x?.id)).toEqual([a.id, undefined, c.id]);
    expect(s.size).toBe(3);
  });

  it('over after idleSeconds unused, and after maxAgeSeconds however used; an unknown or missing id is none', () => {
    const { s, tick } = make();
    const idle = s.create();
    const busy = s.create();
    tick(59);
    expect(s.get(busy.id)).toBeDefined();
    tick(2);
    expect([s.get(idle.id), s.get(busy.id)?.id]).toEqual([undefined, busy.id]);
    for (let i = 0; i < 4; i++) {
      tick(59);
      expect(s.get(busy.id)).toBeDefined();
    }
    tick(59); // 356 s after it was made
    expect(s.get(busy.id)).toBeUndefined();
    expect([s.get(undefined), s.get(''), s.get('nope')]).toEqual([undefined, undefined, undefined]);
  });

  it("the sign-in token is bound to its nonce and to this process's key", () => {
    const { s } = make();
    const other = make().s;
    const nonce = s.nonce();
    expect(s.signInToken(nonce)).toBe(s.signInToken(nonce));
    expect(s.signInToken(nonce)).not.toBe(s.signInToken(s.nonce()));
    expect(other.signInToken(nonce)).not.toBe(s.signInToken(nonce));
  });
});

describe('Throttle', () => {
  it('blocks after max failures within the window, and lets attempts through once they age out', () => {
    let now = 0;
    const t = new Throttle(3, 1000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(t.blocked('127.0.0.1')).toBe(false);
      t.fail('127.0.0.1');
      now += 100;
    }
    expect(t.blocked('127.0.0.1')).toBe(true);
    expect(t.blocked('127.0.0.2')).toBe(false);
    now = 1001;
    expect(t.blocked('127.0.0.1')).toBe(false);
  });
});

describe('localPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard/transactions?status=failed&from=2026-03-01', '/dashboard/transactions?status=failed&from=2026-03-01'],
    ['/dashboard/customers/a123', '/dashboard/customers/a123'],
    ['https://evil.example/', '/dashboard'],
    ['//evil.example/dashboard', '/dashboard'],
    ['/dashboard//evil.example', '/dashboard'],
    ['/dashboard/../v1/m', '/dashboard'],
    ['/dashboardx', '/dashboard'],
    ['/dashboard\\evil', '/dashboard'],
    ['/dashboard/x#frag', '/dashboard'],
    [undefined, '/dashboard'],
  ])('%s -> %s', (value, expected) => expect(localPath(value)).toBe(expected));
});

describe('the clock page', () => {
  it('a month is to the same day and time next month, or the last day of a shorter month', () => {
    const at = (date: string, h = 12) => dayStart(date) + h * 3_600_000;
    expect(monthSeconds(at('2026-03-10'))).toBe(31 * 86_400);
    expect(monthSeconds(at('2026-02-10'))).toBe(28 * 86_400);
    expect(monthSeconds(at('2026-01-31'))).toBe(28 * 86_400); // to February 28
    expect(monthSeconds(at('2028-01-31', 23))).toBe(29 * 86_400); // a leap year
  });

  it('durations to the minute', () => {
    expect([0, 59_000, 60_000, 3_660_000, 90_000_000].map(shownDuration)).toEqual(['0 min', '0 min', '1 min', '1 h 1 min', '1 d 1 h']);
  });
});
