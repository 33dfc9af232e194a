import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UpdatePrompt } from './update-prompt';

describe('UpdatePrompt', () => {
  it('says a new version is ready, with Reload beside it, and Reload asks for the new version', async () => {
    const onReload = vi.fn();
    const onLater = vi.fn();
    render(<UpdatePrompt open onReload={onReload} onLater={onLater} />);

    const prompt = screen.getByRole('alert');
    expect(prompt).toHaveTextContent(/^A new version is ready —\s*Reload$/);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(onLater).not.toHaveBeenCalled();
  });

  it('can be put off without reloading', async () => {
    const onReload = vi.fn();
    const onLater = vi.fn();
    render(<UpdatePrompt open onReload={onReload} onLater={onLater} />);

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onLater).toHaveBeenCalledTimes(1);
    expect(onReload).not.toHaveBeenCalled();
  });

  it('shows nothing while no new version waits', () => {
    render(<UpdatePrompt open={false} onReload={vi.fn()} onLater={vi.fn()} />);
    expect(screen.queryByText(/A new version is ready/)).not.toBeInTheDocument();
  });
});
