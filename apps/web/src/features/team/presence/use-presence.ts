import type { TPresenceViewer } from '@impact/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { readAgainAfterSave } from '../../step-kit/api/saved-elsewhere';
import { readPresence } from './api/presence-stream';

const RETRY_MS = [2_000, 5_000, 15_000, 60_000];

/**
 * The other people with this application open, kept current by one event stream (no polling). A
 * stream the server ends to be renewed is reopened at once (a fresh token); a lost connection is
 * retried with growing pauses; a refusal (no longer a member) stops it. A step answer written
 * elsewhere (a teammate, another tab) has the application read again, so the step on screen takes
 * it when nothing typed here waits to be saved (`useAutosave`).
 */
export function usePresence(submissionId: string, enabled: boolean): TPresenceViewer[] {
  const [viewers, setViewers] = useState<TPresenceViewer[]>([]);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || !submissionId) return;
    const controller = new AbortController();
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      let stop = false;
      let renew = false;
      try {
        await readPresence(submissionId, controller.signal, (message) => {
          if (message.kind === 'presence') {
            failures = 0;
            setViewers(message.viewers);
          } else if (message.kind === 'saved') void readAgainAfterSave(queryClient, submissionId, message);
          else if (message.reason === 'membership') stop = true;
          else renew = message.reason === 'renew';
        });
        // Ended by the server for another reason (it is restarting): wait before coming back.
        if (!renew) failures += 1;
      } catch (err) {
        const status = (err as { problem?: { status?: number } }).problem?.status;
        // 404/403: not (or no longer) a member; the page says so elsewhere.
        if (status === 404 || status === 403 || controller.signal.aborted) stop = true;
        failures += 1;
      }
      // A planned renewal keeps the list (the new stream sends it again at once): emptying it would
      // announce everyone as leaving and coming back every 15 minutes.
      if (!renew) setViewers([]);
      if (stop || controller.signal.aborted) return;
      timer = setTimeout(() => void run(), failures ? RETRY_MS[Math.min(failures, RETRY_MS.length) - 1] : 0);
    };
    void run();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [submissionId, enabled, queryClient]);
  return viewers;
}
