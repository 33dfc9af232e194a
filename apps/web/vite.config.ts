import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { routePreload } from './scripts/route-preload-plugin.ts';

export default defineConfig({
  plugins: [
    react(),
    routePreload({
      signIn: 'src/features/auth/pages/login-page.tsx',
      layout: 'src/app/layout/app-layout.tsx',
      // The desktop home first (where / sends a signed-in user), then the phones' home and the most used lists.
      pages: {
        '/dashboard': 'src/features/dashboard/pages/dashboard-page.tsx',
        '/treatment-execution': 'src/features/visits/pages/treatment-execution-page.tsx',
        '/products': 'src/features/products/pages/products-page.tsx',
      },
      tokenKey: 'access_token',
    }),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: { port: 5173 },
  build: {
    outDir: 'dist',
    // iPads from iPadOS 15 are supported (spec: unsupported below 15), so syntax is lowered for Safari 15.
    target: ['es2020', 'safari15', 'chrome100', 'firefox100', 'edge100'],
    emptyOutDir: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // Whole-panel flows type and click through MUI dialogs in jsdom: about 5 s each on a busy
    // 2-core runner, where vitest's default of 5 s made the slowest fail on load alone.
    testTimeout: 20_000,
  },
});
