import { vi } from 'vitest';

/**
 * For component tests: `fetch` answering every UpsertCallStepResult as the server does when it
 * keeps the answer (stored at the next version), and leaving every other request pending. Returns
 * the contents sent, in order. Undo with `vi.unstubAllGlobals()`.
 */
export function serverKeepingAnswers(submissionId: string, stepId: string): string[] {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: URL, init?: RequestInit) => {
      if (!String(url).includes('UpsertCallStepResult')) return new Promise(() => {});
      const body = JSON.parse(String(init?.body));
      sent.push(body.content);
      const stored = { id: submissionId, callSubmissionId: submissionId, stepId, content: body.content, score: null };
      return Promise.resolve(
        new Response(JSON.stringify({ ...stored, version: body.version + 1, updatedAt: '2027-01-01T00:00:00Z' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return sent;
}
