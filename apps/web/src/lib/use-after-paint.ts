import { useEffect, useState } from 'react';

/**
 * Runs `work` once the browser has painted what is on screen now, in a task of its own; returns
 * what cancels it. The timeout after the animation frame runs after that frame's paint.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * False on the first render, true once the browser has painted it: for heavy parts below the
 * fold (the dashboard's charts) whose code would otherwise download and run before the figures
 * above them are on screen.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => { setPainted(true); }), []);
  return painted;
}
