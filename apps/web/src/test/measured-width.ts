import { vi } from 'vitest';

/**
 * jsdom lays nothing out, so its ResizeObserver is missing: this one reports every observed box
 * as `width` wide, as a browser would on its first measure, so the charts draw at that width.
 */
export function stubMeasuredWidth(width: number, height = 300): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(target: Element) {
        this.report([{ target, contentRect: { width, height, top: 0, left: 0 } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      unobserve() {}
      disconnect() {}
    },
  );
}
