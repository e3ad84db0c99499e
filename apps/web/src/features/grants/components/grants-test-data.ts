import type { TTranche } from '@impact/domain';
import { vi } from 'vitest';

/** A tranche of 5,000 on acceptance, as the server answers it; paid ones carry a day and a reference. */
export function aTranche(status: TTranche['status'], n: number, overrides: Partial<TTranche> = {}): TTranche {
  return {
    id: `00000000-0000-4000-8000-0000000005${String(n).padStart(2, '0')}`,
    grantId: '00000000-0000-4000-8000-000000000012',
    position: n,
    amount: 5000,
    condition: 'onAcceptance',
    dueAt: null,
    reportPlanId: null,
    status,
    paidAt: status === 'paid' ? '2027-01-10' : null,
    paymentReference: status === 'paid' ? 'CRO 1' : null,
    ...overrides,
  };
}

/** Stubs fetch: each request answered 200 with the JSON `answer` gives for its path ([] if none). */
export function serveJson(answer: (path: string) => unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      return Promise.resolve(
        new Response(JSON.stringify(answer(url) ?? []), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
}
