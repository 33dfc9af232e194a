import { useEffect, useState, type ComponentType } from 'react';

/**
 * Loads the service worker's registration and update prompt (./service-worker-updates.tsx, with
 * Workbox's window library) once the page has loaded: off the first page's JavaScript, and the
 * worker's first download of the whole app starts after the page's own files, not alongside them.
 */
export function ServiceWorkerUpdatesWhenLoaded() {
  const [Updates, setUpdates] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return undefined;
    let live = true;
    const load = () => {
      void import('./service-worker-updates').then((module) => {
        if (live) setUpdates(() => module.ServiceWorkerUpdates);
      });
    };
    if (document.readyState === 'complete') load();
    else window.addEventListener('load', load, { once: true });
    return () => {
      live = false;
      window.removeEventListener('load', load);
    };
  }, []);
  return Updates ? <Updates /> : null;
}
