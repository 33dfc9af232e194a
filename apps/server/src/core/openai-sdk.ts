import { lazy } from './lazy';

/** The OpenAI SDK, loaded with the first call to an OpenAI-compatible endpoint (case notes, the assistant). */
export const loadOpenAiSdk = lazy(() => import('openai'));
