/**
 * Dates as the sandbox writes them (spec, Resources: "datetimes are ISO 8601 with a UTC offset (examples use
 * a central-time offset)"). The sandbox uses Mexico's central time, UTC-06:00 all year (central Mexico no
 * longer keeps daylight saving time), so its output is the same on every machine.
 */

/** The sandbox's UTC offset, minutes east of UTC. */
export const OFFSET_MINUTES = -6 * 60;

const shift = (d: Date) => new Date(d.getTime() + OFFSET_MINUTES * 60_000);

/** `2026-03-01T09:30:00-06:00`: the instant in central time, to the second. */
export function isoDateTime(d: Date): string {
  const sign = OFFSET_MINUTES < 0 ? '-' : '+';
  const abs = Math.abs(OFFSET_MINUTES);
  const off = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${shift(d).toISOString().slice(0, 19)}${off}`;
}

/** `2026-03-01`: the calendar date of the instant in central time (what the `creation` list filters compare). */
export const localDate = (d: Date): string => shift(d).toISOString().slice(0, 10);
