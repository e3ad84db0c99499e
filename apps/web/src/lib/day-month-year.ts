/**
 * A date typed as the form shows it, day first ("15/03/1998", also with dots or dashes, or
 * "1998-03-15"), as `YYYY-MM-DD`; null when it names no real day ("31/02/2020"). The day fields
 * (components/date-field.tsx, the organization's date of foundation) read what is typed with it:
 * the date picker's own reading of a typed date is the browser's, month first.
 */
export function parseDayMonthYear(typed: string): string | null {
  const text = typed.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]] : [];
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  // Date.UTC rolls 31 February over into March: a day that does not exist is refused.
  if (
    date.getUTCFullYear() !== Number(year) ||
    date.getUTCMonth() !== Number(month) - 1 ||
    date.getUTCDate() !== Number(day)
  )
    return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Today in the reader's own time zone, as `YYYY-MM-DD`: the UTC day is yesterday in an American
 * evening, tomorrow just past midnight east of Greenwich.
 */
export function todayHere(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
