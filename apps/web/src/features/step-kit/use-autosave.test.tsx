import type { TStepResult } from '@impact/domain';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInForTest } from '../../lib/test-session';
import { useAutosave } from './use-autosave';

const submissionId = '00000000-0000-4000-8000-000000000001';
const stepId = '00000000-0000-4000-8000-000000000011';
const stored = (content: string, version: number): TStepResult =>
  ({
    id: '00000000-0000-4000-8000-0000000000aa',
    callSubmissionId: submissionId,
    stepId,
    content,
    score: null,
    version,
    updatedAt: new Date().toISOString(),
  }) as TStepResult;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const stale = () => json(409, { type: '/problems/staleVersion', title: 'stale', status: 409, messageKey: 'x' });

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}
const autosave = (initial: TStepResult | undefined) =>
  renderHook(() => useAutosave({ submissionId, stepId, initial, readOnly: false }), { wrapper });

beforeEach(() => {
  window.localStorage.clear();
  signInForTest();
});
afterEach(() => vi.unstubAllGlobals());

/** What the autosave keeps in the browser, and what it sends, when saves are slow or fail. */
describe('the autosave', () => {
  it('keeps text typed during a save when the next save fails, across a reload, and saves it from there', async () => {
    let release: (r: Response) => void = () => {};
    const sent: Array<{ content: string; version: number }> = [];
    let online = false;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: URL, init?: RequestInit) => {
        if (!String(url).includes('Upsert')) return new Promise(() => {});
        const body = JSON.parse(String(init?.body));
        sent.push({ content: body.content, version: body.version });
        if (sent.length === 1) return new Promise<Response>((r) => (release = r)); // a slow first save
        if (!online) return Promise.reject(new TypeError('Failed to fetch')); // then the connection drops
        return Promise.resolve(json(200, stored(body.content, body.version + 1)));
      }),
    );
    const first = autosave(undefined);
    act(() => first.result.current.change('Our project'));
    let saving!: Promise<boolean>;
    act(() => {
      saving = first.result.current.flush();
    });
    act(() => first.result.current.change('Our project helps 40 families'));
    await act(async () => {
      release(json(200, stored('Our project', 1)));
      await saving;
    });
    await act(async () => {
      await first.result.current.flush();
    });
    expect(first.result.current.status).toBe('offline');
    first.unmount();

    // Reloaded: the server has version 1, "Our project"; the browser's copy is what was typed since.
    online = true;
    const second = autosave(stored('Our project', 1));
    expect(second.result.current.content).toBe('Our project helps 40 families');
    expect(second.result.current.status).toBe('dirty');
    await act(async () => {
      await second.result.current.flush();
    });
    expect(sent.at(-1)).toEqual({ content: 'Our project helps 40 families', version: 1 });
    expect(second.result.current.status).toBe('saved');
  });

  it('saves a copy restored from the browser by itself, without waiting for typing or Next', async () => {
    const sent: Array<{ content: string; version: number }> = [];
    let online = false;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: URL, init?: RequestInit) => {
        if (!String(url).includes('Upsert')) return new Promise(() => {});
        const body = JSON.parse(String(init?.body));
        sent.push({ content: body.content, version: body.version });
        if (!online) return Promise.reject(new TypeError('Failed to fetch'));
        return Promise.resolve(json(200, stored(body.content, body.version + 1)));
      }),
    );
    // Typed offline, then the page reloaded: the browser keeps the copy.
    const first = autosave(stored('Our project', 1));
    act(() => first.result.current.change('Our project helps 40 families'));
    first.unmount();
    online = true;
    const second = autosave(stored('Our project', 1));
    expect(second.result.current.status).toBe('dirty');
    await waitFor(() => expect(second.result.current.status).toBe('saved'));
    expect(sent.at(-1)).toEqual({ content: 'Our project helps 40 families', version: 1 });
  });

  it('opens on the choice, never on a silent loss, when a teammate saved after the browser kept its copy', async () => {
    window.localStorage.setItem(
      `impact-calls.kept.00000000-0000-4000-8000-0000000000aa.draft.${submissionId}.${stepId}`,
      JSON.stringify({ content: 'my unsaved paragraph', version: 1 }),
    );
    const sent: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: URL, init?: RequestInit) => {
        if (String(url).includes('GetStepResult')) return Promise.resolve(json(200, stored('Marta’s version', 2)));
        if (!String(url).includes('Upsert')) return new Promise(() => {});
        sent.push(JSON.parse(String(init?.body)).version);
        return Promise.resolve(stale());
      }),
    );
    const { result } = autosave(stored('Marta’s version', 2));
    expect(result.current.content).toBe('my unsaved paragraph');
    expect(result.current.status).toBe('conflict');
    expect(result.current.newer?.content).toBe('Marta’s version');
    // A save before choosing names the copy's own version: refused, nothing written over Marta's.
    await act(async () => {
      await result.current.flush();
    });
    expect(sent).toEqual([1]);
    expect(result.current.status).toBe('conflict');
  });

  it('sends one save at a time: the typing timer and Next waiting on the same save do not both send', async () => {
    let serverVersion = 0;
    const releases: Array<() => void> = [];
    const versions: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: URL, init?: RequestInit) => {
        const u = String(url);
        if (u.includes('GetStepResult')) return Promise.resolve(json(200, stored('x', serverVersion)));
        if (!u.includes('Upsert')) return new Promise(() => {});
        const body = JSON.parse(String(init?.body));
        versions.push(body.version);
        return new Promise<Response>((resolve) =>
          releases.push(() => {
            if (body.version !== serverVersion) return resolve(stale());
            serverVersion++;
            resolve(json(200, stored(body.content, serverVersion)));
          }),
        );
      }),
    );
    const { result } = autosave(undefined);
    act(() => result.current.change('A'));
    let a!: Promise<boolean>;
    act(() => {
      a = result.current.flush();
    });
    act(() => result.current.change('AB'));
    let b!: Promise<boolean>;
    let c!: Promise<boolean>;
    act(() => {
      b = result.current.flush();
      c = result.current.flush();
    });
    await act(async () => {
      releases[0]?.();
      await a;
    });
    await waitFor(() => expect(releases.length).toBe(2));
    await act(async () => {
      releases[1]?.();
      await Promise.all([b, c]);
    });
    expect(versions).toEqual([0, 1]);
    expect(await b).toBe(true);
    expect(await c).toBe(true);
    expect(result.current.status).toBe('saved');
  });
  it('gives up on a save left unanswered (a frozen network) and sends the next one', async () => {
    const clock = new AbortController();
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(clock.signal);
    try {
      const sent: string[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn((url: URL, init?: RequestInit) => {
          if (!String(url).includes('Upsert')) return new Promise(() => {});
          const body = JSON.parse(String(init?.body));
          sent.push(body.content);
          // The first request hangs until its time is up; the next one is answered.
          if (sent.length === 1)
            return new Promise((_, reject) =>
              init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
            );
          return Promise.resolve(json(200, stored(body.content, 1)));
        }),
      );
      const { result } = autosave(undefined);
      act(() => result.current.change('Our project'));
      let first!: Promise<boolean>;
      act(() => {
        first = result.current.flush();
      });
      await act(async () => {
        clock.abort(new DOMException('no answer in time', 'TimeoutError'));
        expect(await first).toBe(false);
      });
      expect(result.current.status).toBe('offline');
      await act(async () => {
        expect(await result.current.flush()).toBe(true);
      });
      expect(sent).toEqual(['Our project', 'Our project']);
      expect(result.current.status).toBe('saved');
      // The second attempt was given twice the time: a long answer on a slow line gets through.
      expect(timeout.mock.calls.map(([ms]) => ms)).toEqual([20_000, 40_000]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('gives no more time after a connection refused at once (Next would wait for nothing)', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    try {
      let tries = 0;
      vi.stubGlobal(
        'fetch',
        vi.fn((url: URL, init?: RequestInit) => {
          if (!String(url).includes('Upsert')) return new Promise(() => {});
          tries += 1;
          if (tries < 3) return Promise.reject(new TypeError('Failed to fetch'));
          return Promise.resolve(json(200, stored(JSON.parse(String(init?.body)).content, 1)));
        }),
      );
      const { result } = autosave(undefined);
      act(() => result.current.change('Our project'));
      for (let i = 0; i < 3; i++) {
        await act(async () => {
          await result.current.flush();
        });
      }
      expect(result.current.status).toBe('saved');
      expect(timeout.mock.calls.map(([ms]) => ms)).toEqual([20_000, 20_000, 20_000]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('asks again a moment later when the server is busy (503) at a deadline, keeping the text meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const answers = [json(503, { type: '/problems/unavailable', title: 'busy', status: 503, messageKey: 'x' })];
      vi.stubGlobal(
        'fetch',
        vi.fn((url: URL, init?: RequestInit) => {
          if (!String(url).includes('Upsert')) return new Promise(() => {});
          const body = JSON.parse(String(init?.body));
          return Promise.resolve(answers.shift() ?? json(200, stored(body.content, 1)));
        }),
      );
      const { result } = autosave(undefined);
      act(() => result.current.change('Our budget in euros'));
      await act(async () => {
        await result.current.flush();
      });
      expect(result.current.status).toBe('busy');
      expect(result.current.content).toBe('Our budget in euros');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5_000);
      });
      await waitFor(() => expect(result.current.status).toBe('saved'));
    } finally {
      vi.useRealTimers();
    }
  });
  it.each(['errors.submissions.closed', 'errors.submissions.deadlinePassed', 'errors.stages.stageClosed'])(
    'says the application was sent meanwhile when a save is refused with %s, keeping the text on screen',
    async (messageKey) => {
      vi.stubGlobal(
        'fetch',
        vi.fn((url: URL) =>
          Promise.resolve(
            String(url).includes('Upsert')
              ? json(409, { type: '/problems/closed', title: 'closed', status: 409, messageKey })
              : json(404, {}),
          ),
        ),
      );
      const { result } = autosave(undefined);
      act(() => result.current.change('Le titre du projet'));
      await act(async () => {
        await result.current.flush();
      });
      expect(result.current.status).toBe('closed');
      expect(result.current.content).toBe('Le titre du projet');
    },
  );

  it('updates the loaded submission after a save, and leaves the other reads kept under its key alone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: URL, init?: RequestInit) => {
        if (!String(url).includes('Upsert')) return new Promise(() => {});
        const body = JSON.parse(String(init?.body));
        return Promise.resolve(json(200, stored(body.content, 1)));
      }),
    );
    const client = new QueryClient();
    const submission = { id: submissionId, stepResults: [] };
    client.setQueryData(['submissions', submissionId, 'owner'], submission);
    client.setQueryData(['submissions', submissionId, 'history', stepId], [{ version: 0 }]);
    const { result } = renderHook(() => useAutosave({ submissionId, stepId, initial: undefined, readOnly: false }), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    act(() => result.current.change('Our project'));
    let saved = false;
    await act(async () => {
      saved = await result.current.flush();
    });
    expect(saved).toBe(true);
    expect(result.current.status).toBe('saved');
    expect(client.getQueryData(['submissions', submissionId, 'owner'])).toMatchObject({
      stepResults: [{ stepId, content: 'Our project', version: 1 }],
    });
    expect(client.getQueryData(['submissions', submissionId, 'history', stepId])).toEqual([{ version: 0 }]);
  });

  it('a read of the submission under way when a save lands does not bring the older answer back', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: URL, init?: RequestInit) => {
        if (!String(url).includes('Upsert')) return new Promise(() => {});
        const body = JSON.parse(String(init?.body));
        return Promise.resolve(json(200, stored(body.content, 1)));
      }),
    );
    const client = new QueryClient();
    const key = ['submissions', submissionId, 'owner'];
    client.setQueryData(key, { id: submissionId, stepResults: [] });
    // A read that started before the save and answers after it, with what the server had then.
    let answerRead: (submission: unknown) => void = () => {};
    const reading = client
      .fetchQuery({ queryKey: key, queryFn: () => new Promise((resolve) => (answerRead = resolve)), staleTime: 0 })
      .catch(() => null);
    const { result } = renderHook(() => useAutosave({ submissionId, stepId, initial: undefined, readOnly: false }), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    act(() => result.current.change('Our project'));
    await act(async () => {
      await result.current.flush();
    });
    await act(async () => {
      answerRead({ id: submissionId, stepResults: [stored('', 0)] });
      await reading;
    });
    await waitFor(() =>
      expect(client.getQueryData(key)).toMatchObject({ stepResults: [{ stepId, content: 'Our project', version: 1 }] }),
    );
  });

  it('lets a slow read of the submission finish once, however many saves land meanwhile, and keeps them all', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: URL, init?: RequestInit) => {
        if (!String(url).includes('Upsert')) return new Promise(() => {});
        const body = JSON.parse(String(init?.body));
        return Promise.resolve(json(200, stored(body.content, body.version + 1)));
      }),
    );
    const client = new QueryClient();
    const key = ['submissions', submissionId, 'owner'];
    client.setQueryData(key, { id: submissionId, stepResults: [] });
    // The wizard's reader of the submission, on a slow line: each read answers only when told to.
    const answers: Array<(submission: unknown) => void> = [];
    const read = () => new Promise((resolve) => answers.push(resolve));
    const { result } = renderHook(
      () => {
        useQuery({ queryKey: key, queryFn: read, staleTime: 0 });
        return useAutosave({ submissionId, stepId, initial: undefined, readOnly: false });
      },
      {
        wrapper: ({ children }: { children: ReactNode }) => (
          <QueryClientProvider client={client}>{children}</QueryClientProvider>
        ),
      },
    );
    await waitFor(() => expect(answers.length).toBe(1));
    for (const text of ['Our', 'Our project', 'Our project helps']) {
      act(() => result.current.change(text));
      await act(async () => {
        await result.current.flush();
      });
    }
    await act(async () => {
      answers[0]?.({ id: submissionId, stepResults: [stored('', 0)] });
    });
    await waitFor(() =>
      expect(client.getQueryData(key)).toMatchObject({
        stepResults: [{ stepId, content: 'Our project helps', version: 3 }],
      }),
    );
    // One read, answered; none stopped and begun again.
    expect(answers.length).toBe(1);
  });

  it('makes one last try when its step goes away offline, and then no more', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let tries = 0;
      vi.stubGlobal(
        'fetch',
        vi.fn((url: URL) => {
          if (!String(url).includes('Upsert')) return new Promise(() => {});
          tries += 1;
          return Promise.reject(new TypeError('Failed to fetch'));
        }),
      );
      const view = autosave(undefined);
      act(() => view.result.current.change('typed on a train'));
      view.unmount();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(30_000);
      });
      expect(tries).toBe(1);
      // The text stays in the browser for the next visit.
      expect(
        window.localStorage.getItem(
          `impact-calls.kept.00000000-0000-4000-8000-0000000000aa.draft.${submissionId}.${stepId}`,
        ),
      ).toContain('typed on a train');
    } finally {
      vi.useRealTimers();
    }
  });

  it('saves nothing by itself while the person has to choose between two versions', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      window.localStorage.setItem(
        `impact-calls.kept.00000000-0000-4000-8000-0000000000aa.draft.${submissionId}.${stepId}`,
        JSON.stringify({ content: 'mine', version: 1 }),
      );
      let sent = 0;
      vi.stubGlobal(
        'fetch',
        vi.fn((url: URL) => {
          if (String(url).includes('Upsert')) sent += 1;
          return new Promise(() => {});
        }),
      );
      const { result } = autosave(stored('theirs', 2));
      act(() => result.current.change('mine, and more'));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      expect(sent).toBe(0);
      expect(result.current.status).toBe('conflict');
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes a newer answer saved elsewhere when nothing typed here waits, and leaves typed text to the choice', async () => {
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: URL, init?: RequestInit) => {
        if (!String(url).includes('Upsert')) return new Promise(() => {});
        sent.push(JSON.parse(String(init?.body)).content);
        return Promise.resolve(stale());
      }),
    );
    let initial = stored('Orti', 1);
    const client = new QueryClient();
    const hook = renderHook(() => useAutosave({ submissionId, stepId, initial, readOnly: false }), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    // A teammate saved version 2: the page read the application again.
    initial = { ...stored('Orti in città', 2), updatedBy: { firstName: 'Bruno', lastName: 'Riva' } };
    hook.rerender();
    expect(hook.result.current.content).toBe('Orti in città');
    expect(hook.result.current.status).toBe('saved');
    expect(hook.result.current.lastSave.by).toEqual({ firstName: 'Bruno', lastName: 'Riva' });
    expect(hook.result.current.loads).toBe(1);
    // The same answer read again changes nothing.
    hook.rerender();
    expect(hook.result.current.loads).toBe(1);
    // Typed here, then a newer one arrives: what was typed stays, nothing is overwritten.
    act(() => hook.result.current.change('Orti in città e in periferia'));
    initial = stored('Orti altrove', 3);
    hook.rerender();
    expect(hook.result.current.content).toBe('Orti in città e in periferia');
    expect(hook.result.current.status).toBe('dirty');
    expect(sent).toEqual([]);
  });

  it('leaves on screen what the step holds back from saving, and a step that takes no newer answer', () => {
    const client = new QueryClient();
    const wrap = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    let initial = stored('Orti', 1);
    const held = renderHook(() => useAutosave({ submissionId, stepId, initial, readOnly: false }), { wrapper: wrap });
    // A number out of range typed: the step shows it and saves nothing until it is mended.
    act(() => held.result.current.holdTyping(true));
    initial = stored('Orti in città', 2);
    held.rerender();
    expect(held.result.current.content).toBe('Orti');
    expect(held.result.current.loads).toBe(0);
    held.unmount();

    initial = stored('Orti', 1);
    const survey = renderHook(
      () => useAutosave({ submissionId, stepId, initial, readOnly: false, takesNewer: false }),
      { wrapper: wrap },
    );
    initial = stored('Orti in città', 2);
    survey.rerender();
    expect(survey.result.current.content).toBe('Orti');
    expect(survey.result.current.loads).toBe(0);
  });
});
