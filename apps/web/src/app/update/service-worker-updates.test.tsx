import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { useState } from 'react';
import { reloadPage } from '../../lib/browser';
import { ServiceWorkerUpdates } from './service-worker-updates';

vi.mock('../../lib/browser', () => ({ reloadPage: vi.fn() }));

/** vite-plugin-pwa's hook, as it behaves: `needRefresh` turns true, and onNeedRefresh is called, when a new worker waits. */
const worker = vi.hoisted(() => ({
  updateServiceWorker: vi.fn<() => Promise<void>>(),
  options: null as RegisterSWOptions | null,
  showWaiting: null as (() => void) | null,
}));
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: (options: RegisterSWOptions) => {
    worker.options = options;
    const needRefresh = useState(false);
    worker.showWaiting = () => {
      needRefresh[1](true);
      options.onNeedRefresh?.();
    };
    return { needRefresh, offlineReady: useState(false), updateServiceWorker: worker.updateServiceWorker };
  },
}));

/** The page's navigator.serviceWorker: the new version taking over is its controllerchange. */
let container: EventTarget;
beforeEach(() => {
  worker.updateServiceWorker.mockReset().mockResolvedValue(undefined);
  vi.mocked(reloadPage).mockReset();
  container = new EventTarget();
  vi.stubGlobal('navigator', Object.create(navigator, { serviceWorker: { value: container }, onLine: { value: true, writable: true } }));
});

describe('ServiceWorkerUpdates', () => {
  it('prompts once a new version waits, and Reload tells the service worker to update', async () => {
    render(<ServiceWorkerUpdates />);
    expect(screen.queryByText(/A new version is ready/)).not.toBeInTheDocument();

    act(() => worker.showWaiting?.());
    expect(screen.getByRole('alert')).toHaveTextContent(/^A new version is ready —\s*Reload$/);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(worker.updateServiceWorker).toHaveBeenCalledTimes(1);
    expect(reloadPage).not.toHaveBeenCalled();

    // The waiting worker has taken over: the page reloads on it, once.
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the first worker takes the page (no new version was waiting)', () => {
    render(<ServiceWorkerUpdates />);
    container.dispatchEvent(new Event('controllerchange'));
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('hides the prompt when put off, without updating', async () => {
    render(<ServiceWorkerUpdates />);
    act(() => worker.showWaiting?.());

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(worker.updateServiceWorker).not.toHaveBeenCalled();
    // The Snackbar slides out before it leaves the page.
    await vi.waitFor(() => {
      expect(screen.queryByText(/A new version is ready/)).not.toBeInTheDocument();
    });
  });

  it('looks for a new version every hour while online, once registered', () => {
    vi.useFakeTimers();
    try {
      render(<ServiceWorkerUpdates />);
      const update = vi.fn(() => Promise.resolve());
      worker.options?.onRegisteredSW?.('/sw.js', { update } as unknown as ServiceWorkerRegistration);

      vi.advanceTimersByTime(60 * 60 * 1000);
      expect(update).toHaveBeenCalledTimes(1);
      Object.assign(navigator, { onLine: false });
      vi.advanceTimersByTime(60 * 60 * 1000);
      expect(update).toHaveBeenCalledTimes(1);
    } finally {
      vi.clearAllTimers();
      vi.useRealTimers();
    }
  });
});
