import type { ManifestOptions } from 'vite-plugin-pwa';

/**
 * What a phone or tablet shows for the installed app (issue 52, item 1): the name and mark of the
 * browser tab (index.html, public/favicon.svg) and the theme's colours (src/app/theme.ts). It opens
 * at /, as a bookmark does: the sign-in page, which sends a signed-in user on to their home page.
 */
export const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Clinic Inventory',
  // Launchers cut labels at about 12 characters ("Clinic Inven…"); the word the staff use stays whole.
  short_name: 'Inventory',
  description: 'Inventory, purchasing and treatment management for dental and aesthetic clinics',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  // The theme's primary (the top bar, index.html's theme-color) and its page background (the splash behind the icon).
  theme_color: '#00796b',
  background_color: '#f4f7f8',
  // Drawn from the favicon by scripts/generate-app-icons.mjs.
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
