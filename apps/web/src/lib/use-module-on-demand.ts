import { useCallback, useState } from 'react';

/**
 * A module a page needs only once someone acts on it (a form's checks): `prefetch` starts its
 * load (from the form's first focus), `ready` gives it once loaded, starting the load if need be,
 * and `module` is it once loaded, for the renders after. Its download and evaluation stay out of
 * the page's first paint and its blocking time (issue 37). `load` must be stable: a function
 * declared at module level around `import()`.
 */
export function useModuleOnDemand<T>(load: () => Promise<T>): { module: T | null; ready: () => Promise<T>; prefetch: () => void } {
  const [module, setModule] = useState<T | null>(null);
  const ready = useCallback(
    () =>
      load().then((loaded) => {
        setModule(() => loaded);
        return loaded;
      }),
    [load],
  );
  // A failed prefetch is tried again by the next focus or by `ready`, which reports its error.
  const prefetch = useCallback(() => { ready().catch(() => undefined); }, [ready]);
  return { module, ready, prefetch };
}
