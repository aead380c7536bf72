/**
 * Dates as the sandbox writes and reads them (spec, Resources: "datetimes are ISO 8601 with a UTC offset
 * (examples use a central-time offset)"; plain dates `yyyy-mm-dd`). The sandbox uses Mexico's central time,
 * UTC-06:00 all year (central Mexico no longer keeps daylight saving time), so its output is the same on every
 * machine.
 * Instants are epoch milliseconds (or Dates); calendar dates are `yyyy-mm-dd` strings in central time.
 */

/** The sandbox's UTC offset, minutes east of UTC. */
export const OFFSET_MINUTES = -6 * 60;

const DAY_MS = 86_400_000;
const ms = (d: Date | number) => (typeof d === 'number' ? d : d.getTime());
const shift = (d: Date | number) => new Date(ms(d) + OFFSET_MINUTES * 60_000);

/** `2026-03-01T09:30:00-06:00`: the instant in central time, to the second. */
export function isoDateTime(d: Date | number): string {
  const sign = OFFSET_MINUTES < 0 ? '-' : '+';
  const abs = Math.abs(OFFSET_MINUTES);
  const off = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${shift(d).toISOString().slice(0, 19)}${off}`;
}

/** `2026-03-01`: the calendar date of the instant in central time (what the `creation` list filters compare). */
export const localDate = (d: Date | number): string => shift(d).toISOString().slice(0, 10);

/** Whether `s` is a real calendar date written `yyyy-mm-dd` (`2026-02-30` is not). */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

/** The instant a central-time calendar day starts (`yyyy-mm-dd`, a real date), epoch ms. */
export const dayStart = (date: string): number => Date.parse(`${date}T00:00:00Z`) - OFFSET_MINUTES * 60_000;

/** The calendar date `days` days after `date` (negative: before). */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The calendar date `months` months after `date`, on the same day of the month or, when that month is shorter, on
 * its last day (January 31 + 1 month = February 28 or 29), as card networks and billing systems count months.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/**
 * An ISO 8601 datetime with an offset or `Z` (`2026-03-01T23:59:59-06:00`), or a plain date (read as the end of that
 * day, 23:59:59 central time, as the processor reads due dates): epoch ms, or null when `s` is neither.
 */
export function parseDateTime(s: string): number | null {
  if (isCalendarDate(s)) return dayStart(s) + DAY_MS - 1000;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(s) || !isCalendarDate(s.slice(0, 10))) return null;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : t;
}
