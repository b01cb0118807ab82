import { lazy, Suspense, useEffect, useState } from 'react';

const Toasts = lazy(() => import('./toasts'));

/** The toast container loads just after first paint; toasts raised before it mounts are queued by react-toastify. */
export function DeferredToasts() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(id);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
