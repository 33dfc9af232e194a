import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingBar } from './loading-bar';

describe('the loading bar', () => {
  it('is a progress bar while loading', () => {
    render(<LoadingBar loading label="Loading lots" />);
    expect(screen.getByRole('progressbar', { name: 'Loading lots' })).toBeInTheDocument();
  });

  it('leaves no animated bar behind when idle, only its space', () => {
    const { container } = render(<LoadingBar loading={false} />);
    // Not even a hidden one: an indeterminate bar animates on the main thread while hidden.
    expect(screen.queryByRole('progressbar', { hidden: true })).not.toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(getComputedStyle(container.firstElementChild!).height).toBe('4px');
  });
});
