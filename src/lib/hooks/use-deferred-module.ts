import { useCallback, useEffect, useState } from 'react';

/** A module loaded after the first render: null until it is there; `failed` when it could not load. */
export interface DeferredModule<T> {
  module: T | null;
  failed: boolean;
  /** Loads it again after a failure (a page whose content is the module offers this). */
  retry: () => void;
}

/**
 * Starts loading `load`'s module once the component has rendered, for code only a later action
 * needs (a dialog's form), or a large part of a page that can follow its first render (the join
 * form): it stays out of the JS the page needs before its first render. `load` must be stable (a
 * module-level function).
 */
export function useDeferredModule<T>(load: () => Promise<T>): DeferredModule<T> {
  const [state, setState] = useState<{ module: T | null; failed: boolean }>({ module: null, failed: false });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (module) => live && setState({ module, failed: false }),
      () => live && setState({ module: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);
  const retry = useCallback(() => {
    setState({ module: null, failed: false });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}
