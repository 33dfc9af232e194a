/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Booking page for onboarding meetings with pending organizations (e.g. a scheduling link). */
  readonly VITE_MEETING_URL?: string;
  /** Support address used when no booking page is configured. */
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
