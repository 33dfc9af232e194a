import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it: for heavy parts below the
 * fold (the dashboard's charts) whose code would otherwise download and run before the figures
 * above them are on screen. The timeout after the animation frame runs after that frame's paint.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
