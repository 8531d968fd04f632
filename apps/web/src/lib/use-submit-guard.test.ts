import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSubmitGuard } from './use-submit-guard';

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('useSubmitGuard', () => {
  it('ignores a second submit while the first is waiting, then accepts the next one', async () => {
    const { result } = renderHook(() => useSubmitGuard());
    const pending = deferred();
    const submit = vi.fn((_value: string) => pending.promise);
    const guarded = result.current(submit);

    const first = guarded('a');
    await guarded('b');
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith('a');

    await act(async () => {
      pending.resolve();
      await first;
    });
    submit.mockResolvedValueOnce(undefined);
    await guarded('c');
    expect(submit).toHaveBeenCalledTimes(2);
    expect(submit).toHaveBeenLastCalledWith('c');
  });

  it('lets the next submit through after a failure and passes the failure on', async () => {
    const { result } = renderHook(() => useSubmitGuard());
    const submit = vi.fn(() => Promise.reject(new Error('boom')));
    const guarded = result.current(submit);
    await expect(guarded()).rejects.toThrow('boom');
    await expect(guarded()).rejects.toThrow('boom');
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it('shares the guard between handlers wrapped on different renders', async () => {
    const { result, rerender } = renderHook(() => useSubmitGuard());
    const pending = deferred();
    const first = result.current(() => pending.promise);
    rerender();
    const second = vi.fn(() => Promise.resolve());
    const running = first();
    await result.current(second)();
    expect(second).not.toHaveBeenCalled();
    pending.resolve();
    await running;
  });
});
