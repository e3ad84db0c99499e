type CallDates = { id: string; openingAt: string; closingAt: string };

/** Where the admin's last choice of call on the report tab is remembered (this browser only). */
export const REPORT_CALL_KEY = 'impact-calls.report-call';

/**
 * The call the report tab opens on when the admin has not chosen one here (or it is gone): where
 * applications arrive now or arrived last. An open call first (the one opened most recently),
 * else the call that closed most recently; a call that has not opened yet only when nothing else
 * exists (its dashboard is empty).
 */
export function defaultReportCall<T extends CallDates>(calls: T[], now = new Date()): T | undefined {
  const t = now.getTime();
  const opened = calls.filter((c) => Date.parse(c.openingAt) <= t);
  const open = opened.filter((c) => Date.parse(c.closingAt) >= t);
  const latest = (list: T[], field: 'openingAt' | 'closingAt') =>
    [...list].sort((a, b) => Date.parse(b[field]) - Date.parse(a[field]))[0];
  return latest(open, 'openingAt') ?? latest(opened, 'closingAt') ?? calls[0];
}
