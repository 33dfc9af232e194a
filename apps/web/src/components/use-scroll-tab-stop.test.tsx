import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollTabStop } from './use-scroll-tab-stop';

/** jsdom lays nothing out: the box's widths are set by hand and the observer is called on demand. */
let resized: (() => void) | null = null;
class FakeResizeObserver {
  constructor(callback: () => void) {
    resized = callback;
  }
  observe() {}
  disconnect() {
    resized = null;
  }
}

function Scroller() {
  const ref = useScrollTabStop();
  return (
    <div ref={ref} data-testid="scroller">
      <table />
    </div>
  );
}

function widths(element: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: clientWidth });
}

describe('a box that may scroll sideways', () => {
  afterEach(() => { resized = null; });

  it('is a tab stop while its table is wider than it, and none once the table fits', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const { getByTestId, unmount } = render(<Scroller />);
    const box = getByTestId('scroller');
    expect(box).not.toHaveAttribute('tabindex');
    widths(box, 720, 356);
    resized?.();
    expect(box).toHaveAttribute('tabindex', '0');
    widths(box, 770, 770);
    resized?.();
    expect(box).not.toHaveAttribute('tabindex');
    unmount();
    expect(resized).toBeNull();
  });
});
