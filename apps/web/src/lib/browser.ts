/**
 * Full-page navigation, kept apart so tests can observe it (jsdom cannot navigate).
 * A hard reload after a lost session drops every in-memory cache of the previous user.
 */
export function hardRedirect(path: string): void {
  window.location.assign(path);
}

/** Loads the page again (a new version of the app has taken over), kept apart for the same reason. */
export function reloadPage(): void {
  window.location.reload();
}
