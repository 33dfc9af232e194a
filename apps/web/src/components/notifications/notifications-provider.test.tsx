import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Notifier } from './notifications-context';
import { NotificationsProvider } from './notifications-provider';
import { useNotify } from './use-notify';

function renderProvider() {
  const notifier: { current: Notifier | null } = { current: null };
  function Grab() {
    notifier.current = useNotify();
    return null;
  }
  render(
    <NotificationsProvider>
      <Grab />
    </NotificationsProvider>,
  );
  return () => notifier.current!;
}

describe('toasts', () => {
  it('replace the one on screen with the latest', async () => {
    const notify = renderProvider();
    act(() => { notify().success('Product created'); });
    expect(await screen.findByText('Product created')).toBeInTheDocument();
    act(() => { notify().error('Failed to match the item'); });
    expect(await screen.findByText('Failed to match the item')).toBeInTheDocument();
    await waitFor(() => { expect(screen.queryByText('Product created')).not.toBeInTheDocument(); });
  });

  it('show the latest of two given in one tick, and keep working after', async () => {
    const notify = renderProvider();
    act(() => {
      notify().success('Product created');
      notify().success('Item matched to the product');
    });
    expect(await screen.findByText('Item matched to the product')).toBeInTheDocument();
    expect(screen.queryByText('Product created')).not.toBeInTheDocument();
    act(() => { notify().info('Next'); });
    expect(await screen.findByText('Next')).toBeInTheDocument();
  });

  it('carry an action button that closes the toast and acts', async () => {
    const notify = renderProvider();
    const open = vi.fn();
    act(() => { notify().notify({ severity: 'success', message: 'Added to the cart', action: { label: 'Open the cart', onClick: open } }); });
    await userEvent.click(await screen.findByRole('button', { name: 'Open the cart' }));
    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() => { expect(screen.queryByText('Added to the cart')).not.toBeInTheDocument(); });
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });
});
