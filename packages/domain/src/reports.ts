import { z } from 'zod';
import { ZLanguage } from './languages';

/**
 * The call dashboard (figures computed in SQL, never the answers
 * themselves) and the exports of a call's submissions.
 */

export const ZCallDashboardQuery = z.object({ callId: z.uuid() });

const ZCount = z.object({ key: z.string(), count: z.number().int() });
export const ZCallDashboard = z.object({
  callId: z.uuid(),
  callName: z.string(),
  /** The call's currency (`callCurrency`), which its budgets are in. */
  currency: z.string().default('EUR'),
  /** When the figures were read (they are current: the server keeps them up to date on every write). */
  computedAt: z.string(),
  submissions: z.number().int(),
  closed: z.number().int(),
  /** Per day (YYYY-MM-DD, UTC): how many were started and how many were closed that day. */
  timeline: z.array(z.object({ day: z.string(), started: z.number().int(), closed: z.number().int() })),
  /** Per step of the call type, in order: submissions that answered it (all, and closed ones). */
  steps: z.array(
    z.object({
      stepId: z.uuid(),
      name: z.string(),
      stepType: z.string(),
      answered: z.number().int(),
      answeredClosed: z.number().int(),
    }),
  ),
  /** ISO 3166-1 alpha-2 code → organizations. */
  countries: z.array(ZCount),
  /** All 17 SDGs, with how many impact answers chose each and the budget they ask for. */
  sdgs: z.array(z.object({ sdg: z.number().int(), count: z.number().int(), budget: z.number() })),
  /** SROI central ratio buckets ("0-1", …, "8+"); `overThreshold` counts ratios above 8. */
  sroi: z.object({
    buckets: z.array(ZCount),
    withRatio: z.number().int(),
    overThreshold: z.number().int(),
    median: z.number().nullable(),
  }),
  outcomes: z.array(ZCount),
  stakeholders: z.array(ZCount),
  budget: z.object({ total: z.number(), answers: z.number().int() }),
  /**
   * Whether a step of the call is of a type whose answers feed the impact figures (SDGs, budget,
   * SROI, outcomes, stakeholders): without one, those charts would only ever be blank.
   */
  impactFigures: z.boolean(),
});
export type TCallDashboard = z.infer<typeof ZCallDashboard>;

/** The SROI buckets of the dashboard: [from, to) ratios, the last one open (SPEC 5: a warning above 8). */
export const SROI_BUCKETS = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;
export const sroiBucketLabel = (from: number) => (from >= 8 ? '8+' : `${from}-${from + 1}`);

export const ZDashboardOrganizationsQuery = z.object({
  callId: z.uuid(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(200).optional(),
});
export const ZDashboardOrganization = z.object({
  submissionId: z.uuid(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  country: z.string(),
  closed: z.boolean(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  stepsAnswered: z.number().int(),
  sroi: z.number().nullable(),
  budget: z.number().nullable(),
});
export type TDashboardOrganization = z.infer<typeof ZDashboardOrganization>;
export const DASHBOARD_ORGANIZATIONS_PAGE_SIZE = 25;

export const ZExportQuery = z.object({
  callId: z.uuid(),
  format: z.enum(['csv', 'xlsx']),
  /** Only closed submissions (default: every submission). */
  closedOnly: z.enum(['true', 'false']).optional(),
  /** Only the submissions that reached this stage (1: not invited to stage 2; 2: invited). */
  stage: z.enum(['1', '2']).optional(),
  /** The language of the survey questions in the column headers (default Italian). */
  language: ZLanguage.optional(),
});

/**
 * A cell that a spreadsheet would take for a formula (=, +, -, @, and the tab and carriage return
 * that some programs strip first) gets a leading apostrophe: Excel shows the text, runs nothing.
 * Numbers are numbers and stay as they are.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV field (RFC 4180): quoted when it holds a separator, a quote or a line break. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const safe = neutraliseCell(value);
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Excel opens a UTF-8 CSV with accents right only when it starts with the byte-order mark. */
export const UTF8_BOM = '\uFEFF';
