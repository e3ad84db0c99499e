import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAdminSubmissions } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('the admin submissions list', () => {
  it('asks the server for the status and decision chosen (the server filters and counts)', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: URL | string) => {
        asked.push(String(url));
        return Promise.resolve(new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
      }),
    );
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    );
    renderHook(() => useAdminSubmissions({ status: 'stageOneSent', outcome: 'none', stage: 2 }, null), { wrapper });
    await waitFor(() => expect(asked).toHaveLength(1));
    const query = new URL(asked[0] ?? '', 'http://x').searchParams;
    expect(query.get('status')).toBe('stageOneSent');
    expect(query.get('outcome')).toBe('none');
    expect(query.get('stage')).toBe('2');
  });
});
