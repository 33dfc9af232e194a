import { useCallback } from 'react';

/**
 * A ref for a box that may scroll sideways (a wide table on a phone or a tablet): while its content
 * overflows it is a tab stop, so a keyboard can scroll it too (axe's scrollable-region-focusable: a
 * table of figures, the audit trail, has no link or button to reach it by). When everything fits it
 * is no tab stop, so a table that fits adds none.
 */
export function useScrollTabStop(): (element: HTMLElement | null) => (() => void) | undefined {
  return useCallback((element: HTMLElement | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const update = () => {
      if (element.scrollWidth > element.clientWidth + 1) element.tabIndex = 0;
      else element.removeAttribute('tabindex');
    };
    // The box resizes with the screen, its table with the rows that arrive.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    update();
    return () => { observer.disconnect(); };
  }, []);
}
