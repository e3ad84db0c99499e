import type { TStepResult, TSubmission } from '@impact/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInForTest } from '../../../lib/test-session';
import { submissionViewKey } from './keys';
import { readAgainAfterSave } from './saved-elsewhere';

const submissionId = '00000000-0000-4000-8000-000000000001';
const stepId = '00000000-0000-4000-8000-000000000011';
const result = (content: string, version: number): TStepResult =>
  ({
    id: '00000000-0000-4000-8000-0000000000aa',
    callSubmissionId: submissionId,
    stepId,
    content,
    score: null,
    version,
    updatedAt: new Date().toISOString(),
  }) as TStepResult;

function loadedWith(version: number) {
  const client = new QueryClient();
  const key = submissionViewKey(submissionId, false);
  client.setQueryData(key, { stepResults: [result('Orti', version)] } as unknown as TSubmission);
  return { client, answer: () => client.getQueryData<TSubmission>(key)?.stepResults[0] };
}

beforeEach(() => signInForTest());
afterEach(() => vi.unstubAllGlobals());

describe('a step answer saved elsewhere', () => {
  it('reads that step’s answer into the loaded application, once at a time, only when the page holds an older one', async () => {
    let served = 2;
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL) => {
        asked.push(String(url));
        served += 1;
        return new Response(JSON.stringify(result(`Versione ${served}`, served)), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const page = loadedWith(2);
    // Three saves told while the first read is under way: one read, then one more.
    const first = readAgainAfterSave(page.client, submissionId, { stepId, version: 3 });
    void readAgainAfterSave(page.client, submissionId, { stepId, version: 4 });
    void readAgainAfterSave(page.client, submissionId, { stepId, version: 5 });
    await first;
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain('GetStepResult');
    expect(page.answer()).toMatchObject({ content: 'Versione 4', version: 4 });
    // The page's own save, already in it: nothing is read.
    await readAgainAfterSave(page.client, submissionId, { stepId, version: 4 });
    expect(asked).toHaveLength(2);
  });
});
