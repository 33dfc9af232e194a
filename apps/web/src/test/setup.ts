import '@testing-library/jest-dom/vitest';
// jsdom has no IndexedDB: the chair's outbox keeps its entries in this in-memory one.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetKept } from '../lib/kept/kept-on-device';

// Pages are lazy chunks: the first render of a file compiles them, which can pass 1 s on a busy
// two-core machine, and passed 5 s when another suite ran beside this one. A finder waits up to
// 15 s (under the 20 s test timeout); a failure still fails, only later.
configure({ asyncUtilTimeout: 15_000 });

// Each test is a fresh device: nothing the chair kept (issue 52) carries into the next one.
afterEach(async () => {
  cleanup();
  localStorage.clear();
  await forgetKept();
});
