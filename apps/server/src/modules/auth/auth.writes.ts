// The attempt counter behind sign-in's rate limits, for other per-user limits (the assistant's):
// counts one attempt under a key and answers how many the window holds.
export { countAttempt } from './login-throttle.repo';
