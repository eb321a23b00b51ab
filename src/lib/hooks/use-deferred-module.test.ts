import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredModule } from './use-deferred-module';

const found = () => Promise.resolve({ Form: 'the form' });
const missing = () => Promise.reject(new Error('chunk failed'));

describe('useDeferredModule', () => {
  it('has nothing at the first render, then the module', async () => {
    const { result } = renderHook(() => useDeferredModule(found));
    expect(result.current).toMatchObject({ module: null, failed: false });
    await waitFor(() => expect(result.current.module).toEqual({ Form: 'the form' }));
    expect(result.current.failed).toBe(false);
  });

  it('reports a module that could not load', async () => {
    const { result } = renderHook(() => useDeferredModule(missing));
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.module).toBeNull();
  });

  it('loads again on retry after a failure', async () => {
    let calls = 0;
    const flaky = () => (++calls === 1 ? missing() : found());
    const { result } = renderHook(() => useDeferredModule(flaky));
    await waitFor(() => expect(result.current.failed).toBe(true));
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.module).toEqual({ Form: 'the form' }));
    expect(result.current.failed).toBe(false);
    expect(calls).toBe(2);
  });
});
