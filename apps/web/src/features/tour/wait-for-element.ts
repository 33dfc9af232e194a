const POLL_MS = 100;

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
