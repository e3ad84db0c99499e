import { z } from 'zod';

/** GET Call/SubmissionPresence: an event stream of who else has this application open. */
export const ZPresenceQuery = z.object({ submissionId: z.uuid() });

/** One person with the application open (a member of its organization): a name, never an e-mail. */
export const ZPresenceViewer = z.object({ userId: z.uuid(), firstName: z.string(), lastName: z.string() });
export type TPresenceViewer = z.infer<typeof ZPresenceViewer>;

/** The `presence` event's data: everyone else with it open now (each person once, however many tabs). */
export const ZPresenceEvent = z.object({ viewers: z.array(ZPresenceViewer) });
export type TPresenceEvent = z.infer<typeof ZPresenceEvent>;

/** Open streams one person may hold on one server instance (tabs, devices): more are refused with 429. */
export const PRESENCE_MAX_STREAMS_PER_USER = 10;
