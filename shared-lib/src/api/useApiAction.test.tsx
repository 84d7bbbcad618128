import { act, renderHook, waitFor } from '@testing-library/react';
import { toast } from '../toasts/toastStore';
import { useApiAction } from './useApiAction';

afterEach(() => toast.clear());

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((yes) => {
    resolve = yes;
  });
  return { promise, resolve };
}

const messages = () => toast.getToasts().map(({ type, message }) => `${type}: ${message}`);

function renderAction(call: (name: string) => Promise<{ saved: string }>) {
  return renderHook(() =>
    useApiAction({
      call,
      success: (data) => `Saved ${data.saved}`,
      failure: (error) => `Failed: ${error.message}`,
    }),
  );
}

describe('useApiAction: a call of a screen that keeps the query layer out', () => {
  it('is pending while the API answers, then succeeds with the answer and its toast', async () => {
    const answer = deferred<{ saved: string }>();
    const { result } = renderAction(() => answer.promise);
    expect(result.current.isPending).toBe(false);
    let outcome: Promise<unknown> | undefined;
    act(() => {
      outcome = result.current.run('new');
    });
    expect(result.current.isPending).toBe(true);
    await act(async () => answer.resolve({ saved: 'new' }));
    await expect(outcome).resolves.toEqual({ ok: true, data: { saved: 'new' } });
    expect(result.current).toMatchObject({
      isPending: false,
      isSuccess: true,
      isError: false,
      data: { saved: 'new' },
      error: null,
    });
    expect(messages()).toEqual(['success: Saved new']);
  });

  it('a failure: the error toast and the error kept, never a rejection; a new call clears it', async () => {
    let fail = true;
    const { result } = renderAction(async (name) => {
      if (fail) throw new Error('refused');
      return { saved: name };
    });
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.run('new');
    });
    expect(outcome).toEqual({ ok: false, error: new Error('refused') });
    expect(result.current).toMatchObject({ isPending: false, isError: true, isSuccess: false });
    expect(result.current.error?.message).toBe('refused');
    expect(messages()).toEqual(['error: Failed: refused']);

    fail = false;
    act(() => {
      void result.current.run('again');
    });
    expect(result.current).toMatchObject({ isPending: true, isError: false, error: null });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it('shows no toast once the screen that asked has gone', async () => {
    const answer = deferred<{ saved: string }>();
    const { result, unmount } = renderAction(() => answer.promise);
    let outcome: Promise<unknown> | undefined;
    act(() => {
      outcome = result.current.run('new');
    });
    unmount();
    answer.resolve({ saved: 'new' });
    await expect(outcome).resolves.toEqual({ ok: true, data: { saved: 'new' } });
    expect(messages()).toEqual([]);
  });
});
