import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { createQueryClient } from './query-client';

const offline = () =>
  new ApiError({ type: '/problems/network', title: 'Network error', status: 0, messageKey: 'errors.network' });
const serverError = () =>
  new ApiError({ type: '/problems/internal', title: 'Internal', status: 500, messageKey: 'errors.unexpected' });

/** Where a lost connection takes the person: home only from a page that could not load at all. */
describe('the app query client on a lost connection', () => {
  const setUp = () => {
    const goHome = vi.fn();
    return { goHome, client: createQueryClient(goHome) };
  };

  it('returns home when a page cannot load what it shows', async () => {
    const { goHome, client } = setUp();
    await client
      .fetchQuery({ queryKey: ['page'], queryFn: () => Promise.reject(offline()), retry: false })
      .catch(() => {});
    expect(goHome).toHaveBeenCalledTimes(1);
  });

  it('stays when a refresh of what the page already shows fails (the messages poll, a refetch)', async () => {
    const { goHome, client } = setUp();
    client.setQueryData(['messages'], ['hello']);
    await client
      .fetchQuery({ queryKey: ['messages'], queryFn: () => Promise.reject(offline()), retry: false, staleTime: 0 })
      .catch(() => {});
    expect(goHome).not.toHaveBeenCalled();
    expect(client.getQueryData(['messages'])).toEqual(['hello']);
  });

  it('stays when a save fails: the form keeps what was typed and says the save failed', async () => {
    const { goHome, client } = setUp();
    const save = new MutationObserver(client, { mutationFn: () => Promise.reject(offline()) });
    await save.mutate().catch(() => {});
    expect(goHome).not.toHaveBeenCalled();
  });

  it('stays for a read that opts out, and for an answer that is not a lost connection', async () => {
    const { goHome, client } = setUp();
    await client
      .fetchQuery({
        queryKey: ['wizard'],
        queryFn: () => Promise.reject(offline()),
        retry: false,
        meta: { keepOnNetworkError: true },
      })
      .catch(() => {});
    await client
      .fetchQuery({ queryKey: ['other'], queryFn: () => Promise.reject(serverError()), retry: false })
      .catch(() => {});
    expect(goHome).not.toHaveBeenCalled();
  });
});
