/**
 * A day typed day first in every language ("31/01/2028", "31.1.2028", "31-01-2028"), or as the
 * ISO date a paste may carry ("2028-01-31"), as the `YYYY-MM-DD` the fields keep; null when it is
 * no day of the calendar (nothing is guessed: "31/02/2028" is refused, not moved to March).
 */
export function parseDayFirst(text: string): string | null {
  const typed = text.trim();
  const dayFirst = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(typed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
  const parts = dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]] : iso ? [iso[1], iso[2], iso[3]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Today in the reader's own time zone, as `YYYY-MM-DD`: the UTC day is yesterday in an American
 * evening, tomorrow just past midnight east of Greenwich.
 */
export function todayHere(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
