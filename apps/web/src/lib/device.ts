/** Phones and tablets (below the 900 px "md" breakpoint) get the bottom bar and land on treatment execution. */
export const COMPACT_MEDIA_QUERY = '(max-width: 899.95px)';

export function isCompactViewport(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(COMPACT_MEDIA_QUERY).matches;
}
