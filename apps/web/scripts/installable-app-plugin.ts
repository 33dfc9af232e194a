import type { PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAppManifest } from './web-app-manifest.ts';

/**
 * Paths the server answers itself, never with the app's HTML (apps/server/src/app.ts): the API
 * (its Swagger pages included) and the metrics. A navigation to them goes to the network.
 */
export const SERVER_PATHS = [/^\/api(\/|$)/, /^\/metrics(\/|$)/];

/**
 * The installable app (issue 52, item 1): the web manifest and a service worker (Workbox, through
 * vite-plugin-pwa) that precaches the app's own files, so a signed-in page opens with the network
 * off. It keeps the server's answers as they are online:
 * - a navigation to an app route gets index.html, and / gets the prerendered sign-in page
 *   (directoryIndex), whatever its query string, as the server sends them;
 * - no API answer is ever cached (no runtime caching at all): what the app shows offline is the
 *   app, not data;
 * - one precache, revisioned as a whole: a page never gets an old index with new chunks or the
 *   reverse. A new version waits until the user accepts it (registerType 'prompt':
 *   src/app/update/), then the page reloads on it.
 */
export function installableApp(): PluginOption {
  return VitePWA({
    registerType: 'prompt',
    // Registered by the app itself, lazily, after the first page (src/app/update/), not by a script in the HTML.
    injectRegister: false,
    manifest: webAppManifest,
    // The glob below already takes the icons (and iPadOS's apple-touch-icon, linked in the HTML pages).
    includeManifestIcons: false,
    workbox: {
      // Every page's chunks, the barcode reader's wasm (scanning works offline) and the two pages'
      // HTML; not the .br/.gz copies nor inline-scripts.json (the server's, for its CSP).
      globPatterns: ['**/*.{js,css,html,svg,png,wasm,woff2}'],
      globIgnores: ['**/*.br', '**/*.gz'],
      // The reader's wasm is about 1.1 MB; Workbox would leave out anything over 2 MiB without failing.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      // The first visit's page comes under the worker as soon as it is ready: a chunk it loads after
      // the network has gone comes from the precache. (A new version still waits for Reload: no skipWaiting.)
      clientsClaim: true,
      navigateFallback: 'index.html',
      navigateFallbackDenylist: SERVER_PATHS,
      // The server sends sign-in.html for /, not index.html.
      directoryIndex: 'sign-in.html',
      // A query string never picks another file: /?x=1 is / (sign-in.html), as on the server. (Workbox
      // also tries a path plus .html, which generateSW cannot turn off: /sign-in, no route of the app,
      // opens the sign-in page where the server's index.html would have sent it there through a redirect.)
      ignoreURLParametersMatching: [/./],
    },
  });
}
