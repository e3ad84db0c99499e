import { type TPresenceViewer, ZPresenceEvent } from '@impact/domain';
import { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client';

export type PresenceMessage =
  | { kind: 'presence'; viewers: TPresenceViewer[] }
  | { kind: 'saved'; stepId: string; version: number }
  | { kind: 'end'; reason: string };

const ZSaved = z.object({ stepId: z.string(), version: z.number().int() });

/**
 * Reads GET Call/SubmissionPresence, a server-sent event stream, with fetch rather than
 * EventSource: EventSource cannot send the Authorization header, and a token in the URL would end
 * up in logs (decision 0032). Resolves when the stream ends; throws when it cannot open.
 */
export async function readPresence(
  submissionId: string,
  signal: AbortSignal,
  onMessage: (message: PresenceMessage) => void,
): Promise<void> {
  const response = await apiRequest<Response>('Call/SubmissionPresence', {
    query: { submissionId },
    signal,
    responseType: 'stream',
  });
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      const message = parseEvent(buffer.slice(0, cut));
      buffer = buffer.slice(cut + 2);
      if (message) onMessage(message);
    }
  }
}

/** One event block ("event: …\ndata: …"); comments (pings) and unknown events are nothing. */
export function parseEvent(block: string): PresenceMessage | null {
  const event = /^event: (.*)$/m.exec(block)?.[1];
  const data = /^data: (.*)$/m.exec(block)?.[1];
  if (!event || !data) return null;
  try {
    if (event === 'presence') return { kind: 'presence', viewers: ZPresenceEvent.parse(JSON.parse(data)).viewers };
    if (event === 'saved') return { kind: 'saved', ...ZSaved.parse(JSON.parse(data)) };
    if (event === 'end') return { kind: 'end', reason: String((JSON.parse(data) as { reason?: unknown }).reason) };
  } catch {
    return null;
  }
  return null;
}
