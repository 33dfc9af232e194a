/** The `data-sign-in` marks shared by the prerendered sign-in page and its script. */
export const SIGN_IN_HOOKS = {
  form: 'form',
  stack: 'stack',
  reveal: 'reveal',
  shownIcon: 'shown-icon',
  hiddenIcon: 'hidden-icon',
  submit: 'submit',
  errorAlert: 'error-alert',
  idleAlert: 'idle-alert',
  fieldError: 'field-error',
  message: 'message',
} as const;
