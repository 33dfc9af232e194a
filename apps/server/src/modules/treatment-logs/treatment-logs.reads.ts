import type { DbOrTx } from '../../db/client';
import { listLogTreatments } from './treatment-logs.repo';

// Visits as other modules look them up: the practice-management sync asks which treatments a visit
// it recorded holds before it takes one back out (pms/pms-sync.service.ts).

/** The treatments of a visit, in their order on it. */
export async function visitTreatmentIds(db: DbOrTx, treatmentLogId: string): Promise<string[]> {
  return (await listLogTreatments(db, [treatmentLogId])).map((t) => t.id);
}
