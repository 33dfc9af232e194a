/** The sign-in page's own words, shared by the React page and the page prerendered at build time (src/sign-in). */
export const SIGN_IN_TEXTS = {
  title: 'Sign in',
  subtitle: 'Inventory, purchasing and treatments for your clinic.',
  failed: 'Sign in failed. Please try again.',
} as const;
