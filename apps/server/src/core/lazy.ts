/**
 * A module loaded the first time it is needed, then kept (issue 37: what a request may never need
 * — spreadsheets, PDF, S3, Stripe, the OpenAI client, SMTP — is not loaded at start, so an idle
 * server holds less memory). Concurrent first calls share one load.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
