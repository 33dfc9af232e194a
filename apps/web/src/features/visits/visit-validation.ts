import { ChartNumberSchema, CreateTreatmentLogRequestSchema } from '@clinic/domain';

/**
 * The chair's form checked against the API's own contract. Loaded on the form's first focus
 * (treatment-execution-page.tsx): zod and the visit's schemas were a tenth of the JavaScript the
 * chair ran before its first paint, and nothing is checked before the first Save procedure (issue 37).
 */
export function checkVisit(request: unknown) {
  return CreateTreatmentLogRequestSchema.safeParse(request);
}

/** The chart number's first problem, in the specification's words, or undefined. */
export function chartNumberProblem(chartNumber: string): string | undefined {
  return ChartNumberSchema.safeParse(chartNumber).error?.issues[0]?.message;
}
