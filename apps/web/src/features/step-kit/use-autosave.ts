import { type TStepResult, type TSubmission, ZStepResult } from '@impact/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest } from '../../lib/api-client';
import { readKept, writeKept } from '../../lib/kept-in-browser';
import { submissionViewKey } from './api/keys';

/** `empty`: nothing typed and nothing stored yet ("Saved" would claim what did not happen). */
export type SaveStatus = 'empty' | 'saved' | 'dirty' | 'saving' | 'offline' | 'busy' | 'conflict' | 'closed' | 'error';

/** The refusals of a write to an application that was sent, or whose deadline passed, meanwhile. */
const CLOSED_MEANWHILE = new Set([
  'errors.submissions.closed',
  'errors.submissions.deadlinePassed',
  // A stage-1 step once the application moved on to its second stage (decision 0034).
  'errors.stages.stageClosed',
  // A report of a grant closed meanwhile (decision 0052).
  'errors.grantReports.closedForReports',
]);

const DEBOUNCE_MS = 800;
const RETRY_MS = 5_000;
/**
 * A save unanswered this long is given up and tried again, as a dropped connection is: one save
 * goes at a time, so a request hanging on a frozen network would otherwise hold back every later one.
 * Each attempt that runs out of time gets twice as long as the last (up to the cap): a long answer
 * sent up a slow line still gets through.
 */
export const SAVE_TIMEOUT_MS = 20_000;
const SAVE_TIMEOUT_CAP_MS = 320_000;
const draftKey = (submissionId: string, stepId: string) => `${submissionId}.${stepId}`;

type Options = {
  submissionId: string;
  stepId: string;
  /** The stored answer and its version, as loaded. */
  initial: TStepResult | undefined;
  readOnly: boolean;
  /**
   * Whether a newer stored answer (a teammate's save) replaces what is shown when nothing here
   * waits to be saved. A step that cannot redraw from new content without losing the reader's
   * place (the survey's pages) says no: the next save meets the newer version as a conflict.
   */
  takesNewer?: boolean;
};

/**
 * Autosave of one step's answer (DESIGN "Data rules"): saved a moment after typing stops and on
 * every navigation (flush); a local draft copy survives a reload or a lost connection; offline
 * writes retry on their own; a write based on an old version is refused by the server and the
 * page offers the newer answer instead of overwriting it.
 */
export function useAutosave({ submissionId, stepId, initial, readOnly, takesNewer = true }: Options) {
  // A draft left by an unsaved session (a reload while offline, a tab closed, a session ended) is
  // never dropped: based on the version the server still has, it is simply the text to save; based
  // on an older one (a teammate saved since), the page opens on the choice between the two.
  const [restored] = useState(() => {
    const draft = readOnly ? null : readDraft(submissionId, stepId);
    if (!draft || draft.content === (initial?.content ?? '')) return null;
    const stale = initial !== undefined && draft.version !== initial.version;
    return { content: draft.content, version: draft.version, stale };
  });
  const [content, setContent] = useState<string>(restored?.content ?? initial?.content ?? '');
  const [status, setStatus] = useState<SaveStatus>(
    restored ? (restored.stale ? 'conflict' : 'dirty') : initial ? 'saved' : 'empty',
  );
  const [newer, setNewer] = useState<TStepResult | null>(restored?.stale ? (initial ?? null) : null);
  /** Who saved the stored version and when (shown to a team as "Saved by … at …"). */
  const [lastSave, setLastSave] = useState(() => ({ by: initial?.updatedBy ?? null, at: initial?.updatedAt }));
  // A stale draft keeps its own version: a save before the choice is refused as stale, never
  // written over the newer answer.
  const version = useRef(restored?.stale ? restored.version : (initial?.version ?? 0));
  const latest = useRef(content);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const timeoutMs = useRef(SAVE_TIMEOUT_MS);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const dirty = useRef(restored !== null);
  /** Whether the step is still on the page: a step gone makes one last try, and schedules none. */
  const mounted = useRef(true);
  /** In a conflict nothing is saved until the person chooses (keep mine, or load the newer). */
  const choosing = useRef(restored?.stale ?? false);
  /** Typing the step holds back from saving (a number out of range, a mistyped amount): not to be replaced. */
  const heldHere = useRef(false);
  /** Why the last save was refused (a rule of the answer's), said beside "Saving failed"; null after a save. */
  const [failure, setFailure] = useState<unknown>(null);
  /** Counts the newer answers taken: a form that keeps its own state starts again from each. */
  const [loads, setLoads] = useState(0);
  const queryClient = useQueryClient();

  const save = useCallback(async (): Promise<boolean> => {
    if (readOnly) return true;
    // One save at a time: two callers waiting on the same save (the typing timer and Next) must not
    // both send from the same version, the second being refused as stale.
    while (inFlight.current) await inFlight.current;
    if (!dirty.current) return true;
    const sending = latest.current;
    setStatus('saving');
    const signal = AbortSignal.timeout(timeoutMs.current);
    const run = (async () => {
      try {
        const result = ZStepResult.parse(
          await apiRequest('Call/UpsertCallStepResult', {
            method: 'POST',
            body: { callSubmissionId: submissionId, stepId, content: sending, version: version.current },
            signal,
          }),
        );
        version.current = result.version;
        setFailure(null);
        setLastSave({ by: result.updatedBy ?? null, at: result.updatedAt });
        rememberSaved(queryClient, submissionId, result);
        if (latest.current === sending) {
          dirty.current = false;
          clearDraft(submissionId, stepId);
          setStatus('saved');
        } else {
          // Typed meanwhile: the browser's copy now builds on the version just saved.
          writeDraft(submissionId, stepId, latest.current, result.version);
          setStatus('dirty');
        }
        timeoutMs.current = SAVE_TIMEOUT_MS;
        return true;
      } catch (err) {
        // A dropped connection, a server busy at a deadline (503) or a person saving too fast (429):
        // asked again a moment later while the step is on the page; the text is kept meanwhile.
        if (err instanceof ApiError && (err.isNetworkError || err.status === 503 || err.status === 429)) {
          setStatus(err.isNetworkError ? 'offline' : 'busy');
          // Only a save that ran out of time gets more; a connection refused at once changes nothing.
          if (signal.aborted && (signal.reason as Error | undefined)?.name === 'TimeoutError')
            timeoutMs.current = Math.min(timeoutMs.current * 2, SAVE_TIMEOUT_CAP_MS);
          clearTimeout(timer.current);
          if (mounted.current) timer.current = setTimeout(() => void save(), RETRY_MS);
          return false;
        }
        if (err instanceof ApiError && err.problem.type === '/problems/staleVersion') {
          choosing.current = true;
          const fresh = await apiRequest('Call/GetStepResult', { query: { submissionId, StepId: stepId } }).catch(
            () => null,
          );
          setNewer(fresh ? ZStepResult.parse(fresh) : null);
          setStatus('conflict');
          return false;
        }
        // Sent by a teammate, or past its deadline, while this page was open: the person is told
        // why, and the text stays on screen and in the browser to copy (nothing can save it now).
        if (err instanceof ApiError && err.status === 409 && CLOSED_MEANWHILE.has(err.problem.messageKey)) {
          setStatus('closed');
          return false;
        }
        setFailure(err);
        setStatus('error');
        return false;
      } finally {
        inFlight.current = null;
      }
    })();
    inFlight.current = run;
    return run;
  }, [readOnly, submissionId, stepId, queryClient]);

  const change = useCallback(
    (next: string) => {
      if (readOnly) return;
      latest.current = next;
      dirty.current = true;
      setContent(next);
      writeDraft(submissionId, stepId, next, version.current);
      setStatus((s) => (s === 'conflict' ? s : 'dirty'));
      clearTimeout(timer.current);
      if (!choosing.current) timer.current = setTimeout(() => void save(), DEBOUNCE_MS);
    },
    [readOnly, save, submissionId, stepId],
  );

  /** Take the newer answer from the server (the user's own text stays in the draft until then). */
  const loadNewer = useCallback(() => {
    if (!newer) return;
    version.current = newer.version;
    latest.current = newer.content;
    dirty.current = false;
    setContent(newer.content);
    setLastSave({ by: newer.updatedBy ?? null, at: newer.updatedAt });
    clearDraft(submissionId, stepId);
    setNewer(null);
    choosing.current = false;
    setLoads((n) => n + 1);
    setStatus('saved');
  }, [newer, submissionId, stepId]);

  /** Keep this tab's text: save it over the newer version, knowingly. */
  const keepMine = useCallback(() => {
    if (!newer) return;
    version.current = newer.version;
    setNewer(null);
    choosing.current = false;
    dirty.current = true;
    void save();
  }, [newer, save]);

  // A newer answer written elsewhere (a teammate, another tab) reaches this step through the
  // application read again: taken when nothing typed here waits to be saved, so the page shows
  // what the team wrote; otherwise the next save meets it as a conflict and the person chooses.
  useEffect(() => {
    if (!takesNewer || !initial || initial.version <= version.current) return;
    if (dirty.current || heldHere.current || inFlight.current || choosing.current) return;
    version.current = initial.version;
    latest.current = initial.content;
    setContent(initial.content);
    setLastSave({ by: initial.updatedBy ?? null, at: initial.updatedAt });
    setLoads((n) => n + 1);
    setStatus('saved');
  }, [initial, takesNewer]);

  /** The step says it shows typing it does not save yet (its own rules hold it): a newer answer must not replace it. */
  const holdTyping = useCallback((held: boolean) => {
    heldHere.current = held;
  }, []);

  // A pending change is saved before the page goes away; the browser warns if it cannot be.
  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      // Typing held back (an answer over its limit, a mistyped amount) is on screen only: warned too.
      if (dirty.current || heldHere.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    mounted.current = true;
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      clearTimeout(timer.current);
      mounted.current = false;
      if (dirty.current && !choosing.current) void save();
    };
  }, [save]);

  // A copy restored from the browser and based on the version the server has is saved at once:
  // until then a teammate, or the same person on another device, reads the older answer.
  useEffect(() => {
    if (restored && !restored.stale) timer.current = setTimeout(() => void save(), DEBOUNCE_MS);
  }, [restored, save]);

  useEffect(() => {
    const online = () => dirty.current && !choosing.current && void save();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [save]);

  return { content, change, status, failure, flush: save, newer, loadNewer, keepMine, lastSave, loads, holdTyping };
}

/**
 * The wizard draws a step again from the submission it loaded: a step left and come back to must
 * show what was saved, at the version saved, not the answer the page opened with. Only the
 * submission itself, as either reader loaded it, not the other reads kept under its prefix
 * (history, results); a newer version already there is kept, and nothing is made where nothing was
 * loaded.
 */
export function rememberSaved(queryClient: QueryClient, submissionId: string, result: TStepResult) {
  for (const asAdmin of [false, true]) {
    const queryKey = submissionViewKey(submissionId, asAdmin);
    writeSaved(queryClient, queryKey, result);
    // A read of the submission already under way may answer with the text before this save: the
    // saved answer is written in again when it lands. Stopping the read and starting another, as
    // before, could repeat on a slow line with every save while the person typed.
    if (queryClient.isFetching({ queryKey, exact: true }) > 0)
      afterRead(queryClient, queryKey, () => writeSaved(queryClient, queryKey, result));
  }
}

/** The saved answer in the loaded submission, unless a newer version of it is there already. */
function writeSaved(queryClient: QueryClient, queryKey: readonly unknown[], result: TStepResult) {
  queryClient.setQueryData<TSubmission>(queryKey, (loaded) => {
    if (!loaded) return loaded;
    const known = loaded.stepResults.find((r) => r.stepId === result.stepId);
    if (known && known.version > result.version) return loaded;
    return { ...loaded, stepResults: [...loaded.stepResults.filter((r) => r.stepId !== result.stepId), result] };
  });
}

/** Runs `then` once the query's read under way ends, whether it answered, failed or was stopped. */
function afterRead(queryClient: QueryClient, queryKey: readonly unknown[], then: () => void) {
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query) return;
  const stop = cache.subscribe((event) => {
    if (event.query !== query) return;
    if (event.type === 'removed') return stop();
    // A write of the cache meanwhile (another save's) leaves the read under way.
    if (event.type === 'updated' && query.state.fetchStatus === 'idle') {
      stop();
      then();
    }
  });
}

function readDraft(submissionId: string, stepId: string): { content: string; version: number } | null {
  try {
    const raw = readKept('draft', draftKey(submissionId, stepId));
    return raw ? (JSON.parse(raw) as { content: string; version: number }) : null;
  } catch {
    return null;
  }
}
function writeDraft(submissionId: string, stepId: string, content: string, version: number) {
  writeKept('draft', draftKey(submissionId, stepId), JSON.stringify({ content, version }));
}
function clearDraft(submissionId: string, stepId: string) {
  writeKept('draft', draftKey(submissionId, stepId), '');
}
