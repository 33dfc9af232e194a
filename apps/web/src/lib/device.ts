/** Phones and tablets (below the 900 px "md" breakpoint) get the bottom bar and land on treatment execution. */
export const COMPACT_MEDIA_QUERY = '(max-width: 899.95px)';

export function isCompactViewport(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(COMPACT_MEDIA_QUERY).matches;
}

interface NativeShell {
  isNativePlatform?: () => boolean;
}

/**
 * Running inside a native app shell (Capacitor-style wrappers expose
 * `window.Capacitor.isNativePlatform()`), where no purchase may be offered. A phone or tablet
 * browser is not native: it gets the same screens as a desktop, laid out for its width.
 */
export function isNativePlatform(): boolean {
  const shell = (window as { Capacitor?: NativeShell }).Capacitor;
  return typeof shell?.isNativePlatform === 'function' && shell.isNativePlatform();
}
