/**
 * Events the app counts for /metrics (issue 38), without loading the metrics library: the server
 * installs a sink when METRICS_TOKEN is set (http/metrics.ts); otherwise counting costs a check.
 * Counted when written: a row of a transaction that is then rolled back is counted too.
 */
export type CountedEvent =
  /** Rows the ledger writes, by kind (receipt, treatment, manual, disposal, return, count, transfer…). */
  | 'ledger_operations_total'
  /** Sign-ins refused: wrong credentials, too many attempts, an account that may not sign in. */
  | 'sign_in_failures_total';

type Sink = (event: CountedEvent, labels: Record<string, string>, value: number) => void;
let sink: Sink | null = null;

export function countEvent(event: CountedEvent, labels: Record<string, string> = {}, value = 1): void {
  sink?.(event, labels, value);
}

/** The metrics registry's; null turns counting off (tests). */
export function setMetricsSink(next: Sink | null): void {
  sink = next;
}
