/** Texts the specification quotes, used word for word by server and web. */
export const MESSAGES = {
  userExists: 'User with same email or phone already exists',
  required: 'Required',
  logoutConfirm: 'Are you sure you want to logout ?',
  paymentSuccess: 'Payment succesfull',
  paymentCancelled: 'Payment Cancelled',
  locationAdded: 'Location Added',
  locationAddError: 'Error Adding Location',
  clientDeleted: 'Client Deleted',
  clientDeleteError: 'Error Deleting Client',
  unsupportedIpad: 'Versions below 15 are not supported',
} as const;

/** Issue 52: the work a device keeps until it is sent, by what its user calls it (one, many). */
export const NOT_SENT_NOUNS = { visits: ['visit', 'visits'], uses: ['use', 'uses'], counts: ['count', 'counts'] } as const;
export type NotSentCounts = Record<keyof typeof NOT_SENT_NOUNS, number>;

/** Texts the specification leaves open; decided in docs/decisions.md. */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many failed sign-in attempts. Try again in 15 minutes.',
  tooManyResetRequests: 'Too many password reset requests. Try again in 15 minutes.',
  accountDisabled: 'This account is disabled. Ask your administrator.',
  accountRejected: 'This account was not approved.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  /** Issue 52: signing out with work saved at the chair and not sent yet asks first. */
  notSentYet: (counts: NotSentCounts) => {
    const named = (Object.keys(NOT_SENT_NOUNS) as (keyof NotSentCounts)[])
      .filter((kind) => counts[kind] > 0)
      .map((kind) => `${String(counts[kind])} ${NOT_SENT_NOUNS[kind][counts[kind] === 1 ? 0 : 1]}`);
    const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)!}` : (named[0] ?? '0 visits');
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    return `${list} ${total === 1 ? 'is' : 'are'} not sent yet`;
  },
  notSentSignOut: 'Signing out deletes the unsent work from this device, and it will not be recorded.',
  signedOutIdle: 'You were signed out because nothing happened for a while. Please sign in again.',
  organizationPending: 'Your organization is waiting for approval.',
  resetLinkInvalid: 'This link is invalid or has expired. Ask for a new one.',
  resetEmailSent: 'If an account exists for this e-mail, a reset link is on its way.',
  passwordChanged: 'Your password was changed. You can sign in now.',
  /** The same whether or not the e-mail or phone already has an account (the e-mail tells the owner). */
  signupReceived: 'Thank you for registering. Check your e-mail, then sign in with your e-mail and password.',
  organizationExists: 'An organization with this name already exists',
  locationForeign: 'Location not found',
  locationHasUsers: 'Move or remove the users of this location first',
  lastLocation: 'An organization needs at least one location',
  cannotDeleteSelf: 'You cannot delete your own account',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
} as const;
