import { useEffect, useState } from 'react';

/** A module loaded after the first render: null until it is there; `failed` when it could not load. */
export interface DeferredModule<T> {
  module: T | null;
  failed: boolean;
}

/**
 * Starts loading `load`'s module once the component has rendered, for code only a later action
 * needs (a dialog's form): it stays out of the JS the page needs before its first render, and is
 * usually there by the time the visitor acts. `load` must be stable (a module-level function).
 */
export function useDeferredModule<T>(load: () => Promise<T>): DeferredModule<T> {
  const [state, setState] = useState<DeferredModule<T>>({ module: null, failed: false });
  useEffect(() => {
    let live = true;
    load().then(
      (module) => live && setState({ module, failed: false }),
      () => live && setState({ module: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return state;
}
