/**
 * SIGTERM and SIGINT, heard from the process's first moment (issue 50, item 10): a process manager
 * may stop the server while it still loads its modules, before the server can say what stopping
 * means. The first signal is kept until the server subscribes, then handed over at once.
 */
export interface StopSignal {
  /** Calls `handler` with the signal: now if it already came, else when it comes. Once. */
  onStop(handler: (signal: string) => void): void;
}

export function listenForStop(): StopSignal {
  let received: string | null = null;
  let handler: ((signal: string) => void) | null = null;
  const hear = (signal: string) => {
    if (received !== null) return;
    received = signal;
    handler?.(signal);
  };
  process.once('SIGTERM', () => hear('SIGTERM'));
  process.once('SIGINT', () => hear('SIGINT'));
  return {
    onStop(next) {
      handler = next;
      if (received !== null) next(received);
    },
  };
}
