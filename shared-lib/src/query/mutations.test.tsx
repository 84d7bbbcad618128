import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { toast } from '../toasts/toastStore';
import { useApiMutation, usePendingVariables } from './mutations';
import { createQueryClient } from './queryClient';

afterEach(() => toast.clear());

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function renderMutation(call: (name: string) => Promise<{ saved: string }>) {
  const client = createQueryClient();
  client.setQueryData(['names'], ['old']);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    () =>
      useApiMutation({
        call,
        changes: (cache, data) => cache.setQueryData(['names'], [data.saved]),
        success: (data) => `Saved ${data.saved}`,
        failure: 'Failed to save',
      }),
    { wrapper },
  );
  return { ...view, names: () => client.getQueryData(['names']) };
}

const messages = () => toast.getToasts().map(({ type, message }) => `${type}: ${message}`);

describe('useApiMutation: a write through the page cache', () => {
  it('is pending while the API answers, then toasts and changes the reads the answer touches', async () => {
    const answer = deferred<{ saved: string }>();
    const { result, names } = renderMutation(() => answer.promise);
    let outcome: Promise<unknown> | undefined;
    act(() => {
      outcome = result.current.run('new');
    });
    await waitFor(() => expect(result.current.isPending).toBe(true));
    answer.resolve({ saved: 'new' });
    await expect(outcome).resolves.toEqual({ ok: true, data: { saved: 'new' } });
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(names()).toEqual(['new']);
    expect(messages()).toEqual(['success: Saved new']);
  });

  it('a failure: the error toast, the error kept for the screen, the reads untouched; never a rejection', async () => {
    const { result, names } = renderMutation(() => Promise.reject(new Error('refused')));
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.run('new');
    });
    expect(outcome).toMatchObject({ ok: false, error: { message: 'refused' } });
    await waitFor(() => expect(result.current.error?.message).toBe('refused'));
    expect(names()).toEqual(['old']);
    expect(messages()).toEqual(['error: Failed to save']);
  });

  it('the screen left before the answer: no toast, but the cache still learns the change', async () => {
    const answer = deferred<{ saved: string }>();
    const { result, unmount, names } = renderMutation(() => answer.promise);
    let outcome: Promise<unknown> | undefined;
    act(() => {
      outcome = result.current.run('new');
    });
    unmount();
    answer.resolve({ saved: 'new' });
    await expect(outcome).resolves.toMatchObject({ ok: true });
    expect(names()).toEqual(['new']);
    expect(messages()).toEqual([]);
  });
});

describe('usePendingVariables: several calls at once', () => {
  it('lists the calls of a key still waiting, each leaving as its answer comes', async () => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const answers = new Map([
      ['a', deferred<string>()],
      ['b', deferred<string>()],
    ]);
    const { result } = renderHook(
      () => ({
        save: useApiMutation({
          mutationKey: ['toggles'],
          call: (name: string) => answers.get(name)!.promise,
        }),
        pending: usePendingVariables<string>(['toggles']),
      }),
      { wrapper },
    );
    act(() => {
      void result.current.save.run('a');
      void result.current.save.run('b');
    });
    await waitFor(() => expect(result.current.pending).toEqual(['a', 'b']));
    answers.get('a')!.resolve('done');
    await waitFor(() => expect(result.current.pending).toEqual(['b']));
    answers.get('b')!.reject(new Error('refused'));
    await waitFor(() => expect(result.current.pending).toEqual([]));
  });
});
