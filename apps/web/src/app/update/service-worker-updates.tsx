import { useRegisterSW } from 'virtual:pwa-register/react';
import { reloadPage } from '../../lib/browser';
import { UpdatePrompt } from './update-prompt';

/** A tablet left open all day at the chair navigates inside the app only, so the browser would not look for a new version by itself. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

function checkForUpdatesHourly(_url: string, registration: ServiceWorkerRegistration | undefined): void {
  if (!registration) return;
  setInterval(() => {
    // Offline the check can only fail; the next one, or the next page load, finds the new version.
    if (navigator.onLine) registration.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
}

/**
 * A page told of a waiting version reloads once that version takes over (after Reload here or in
 * another tab), so it never runs on with chunks the new worker no longer keeps. vite-plugin-pwa
 * does this itself only in a page that opened under a worker: the first visit's page, taken over
 * by clientsClaim, would stay on the old code (the browser test caught it). Added twice, the same
 * listener is one listener.
 */
function reloadWhenTheNewVersionTakesOver(): void {
  navigator.serviceWorker.addEventListener('controllerchange', reloadPage, { once: true });
}

/**
 * Registers the service worker (scripts/installable-app-plugin.ts) and offers its new versions:
 * Reload tells the waiting worker to take over (skipWaiting), and the page reloads once it
 * controls it, so the page's HTML and chunks come from one version.
 */
export function ServiceWorkerUpdates() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ onRegisteredSW: checkForUpdatesHourly, onNeedRefresh: reloadWhenTheNewVersionTakesOver });
  return (
    <UpdatePrompt
      open={needRefresh}
      onReload={() => void updateServiceWorker()}
      onLater={() => {
        setNeedRefresh(false);
      }}
    />
  );
}
