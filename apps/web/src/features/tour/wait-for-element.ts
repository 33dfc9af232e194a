const POLL_MS = 100;
/** How long the page's height must hold still to count as drawn. */
const STEADY_MS = 300;

/**
 * Resolves with the element once the page drew it, or null after `timeoutMs`: a step's page is a
 * lazy chunk that loads its data first, and a target that never comes means the step is skipped.
 */
export function waitForElement(selector: string, timeoutMs: number): Promise<HTMLElement | null> {
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => {
      const element = document.querySelector<HTMLElement>(selector);
      if (element || Date.now() - started >= timeoutMs) {
        resolve(element);
        return;
      }
      setTimeout(check, POLL_MS);
    };
    check();
  });
}

/**
 * Resolves once the page's height has held still for a moment (its lists and charts have loaded),
 * or after `timeoutMs`. react-joyride scrolls to the target once, and content loading above it
 * afterwards would push it out of place.
 */
export function waitForSteadyPage(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    let height = document.documentElement.scrollHeight;
    let steadySince = started;
    const check = () => {
      const now = Date.now();
      const current = document.documentElement.scrollHeight;
      if (current !== height) {
        height = current;
        steadySince = now;
      }
      if (now - steadySince >= STEADY_MS || now - started >= timeoutMs) {
        resolve();
        return;
      }
      setTimeout(check, POLL_MS);
    };
    setTimeout(check, POLL_MS);
  });
}
