/** Phones and tablets (below the 900 px "md" breakpoint) get the bottom bar instead of the sidebar. */
export const COMPACT_MEDIA_QUERY = '(max-width: 899.95px)';

/**
 * A device held at the chair: its primary pointer is a finger (phone, tablet, also an iPad in
 * landscape at 1180 px) rather than a mouse. Width would send that iPad to the dashboard; a
 * touchscreen laptop, whose primary pointer stays the trackpad, still goes to the dashboard.
 */
export function isTouchDevice(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
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
