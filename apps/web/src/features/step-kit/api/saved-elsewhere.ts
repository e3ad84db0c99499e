import { type TSubmission, ZStepResult } from '@impact/domain';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rememberSaved } from '../use-autosave';
import { submissionViewKey } from './keys';

/** Reads under way, per application and step: events arriving meanwhile ask for one more read, not one each. */
const reading = new Map<string, { again: boolean }>();

/**
 * A step answer written elsewhere (a teammate, or this person in another tab), as the open
 * application's event stream tells it: that step's answer is read (one row, not the whole
 * application) and put in the loaded application, so the step on screen takes it unless something
 * typed here waits to be saved (`useAutosave`). The page's own save, already in it, asks for
 * nothing; a teammate typing steadily costs at most one read at a time per step.
 */
export function readAgainAfterSave(
  queryClient: QueryClient,
  submissionId: string,
  saved: { stepId: string; version: number },
): Promise<void> {
  const loaded = queryClient.getQueryData<TSubmission>(submissionViewKey(submissionId, false));
  if (!loaded) return Promise.resolve();
  const known = loaded.stepResults.find((r) => r.stepId === saved.stepId)?.version ?? 0;
  if (known >= saved.version) return Promise.resolve();
  const key = `${submissionId}:${saved.stepId}`;
  const running = reading.get(key);
  if (running) {
    running.again = true;
    return Promise.resolve();
  }
  const entry = { again: false };
  reading.set(key, entry);
  return (async () => {
    try {
      do {
        entry.again = false;
        const fresh = await apiRequest('Call/GetStepResult', { query: { submissionId, StepId: saved.stepId } });
        rememberSaved(queryClient, submissionId, ZStepResult.parse(fresh));
      } while (entry.again);
    } catch {
      // Not read (offline, or no longer a member): the next save here meets it as a conflict.
    } finally {
      reading.delete(key);
    }
  })();
}
