import { z } from 'zod';

/**
 * Reminders before a call closes and a nudge for an application left untouched
 * (docs/decisions/0036-reminders-and-nudges.md). A call with no settings saved reminds 7 days and
 * 1 day before closing, and nudges nobody.
 */
export const DEFAULT_REMINDER_HOURS = [168, 24] as const;
/** At most this many reminders per call, each at most 90 days before closing. */
export const MAX_REMINDERS = 6;
export const MAX_REMINDER_HOURS = 90 * 24;
export const MAX_NUDGE_DAYS = 90;

export const ZReminder = z.object({
  hoursBeforeClosing: z.number().int().min(1).max(MAX_REMINDER_HOURS),
});

export const ZSaveRemindersRequest = z.object({
  callId: z.uuid(),
  reminders: z
    .array(ZReminder)
    .max(MAX_REMINDERS)
    .refine((list) => new Set(list.map((r) => r.hoursBeforeClosing)).size === list.length, {
      message: 'errors.reminders.duplicate',
    }),
  /** Days without a change after which an open application gets one nudge; null: no nudge. */
  nudgeAfterDays: z.number().int().min(1).max(MAX_NUDGE_DAYS).nullable().default(null),
});
export type TSaveRemindersRequest = z.infer<typeof ZSaveRemindersRequest>;

export const ZRemindersQuery = z.object({ callId: z.uuid() });

export const ZReminderKind = z.enum(['reminder', 'nudge']);
export type TReminderKind = z.infer<typeof ZReminderKind>;

/** One mailing: the application it was about, to whom, when. */
export const ZReminderSent = z.object({
  kind: ZReminderKind,
  /** The reminder's moment (hours before closing); null for a nudge. */
  hoursBeforeClosing: z.number().int().nullable(),
  submissionId: z.uuid(),
  organizationName: z.string(),
  recipients: z.array(z.string()),
  sentAt: z.iso.datetime(),
});
export type TReminderSent = z.infer<typeof ZReminderSent>;

export const ZCallReminders = z.object({
  callId: z.uuid(),
  reminders: z.array(ZReminder),
  nudgeAfterDays: z.number().int().nullable(),
  /** True while the call uses the defaults (nothing saved yet). */
  isDefault: z.boolean(),
  sent: z.array(ZReminderSent),
  /** Addresses that asked for no more reminders of this call. */
  unsubscribed: z.number().int(),
});
export type TCallReminders = z.infer<typeof ZCallReminders>;
