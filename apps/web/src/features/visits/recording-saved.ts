import { TREATMENT_LOG_MESSAGES, type TreatmentLog } from '@clinic/domain';

/** What saving a recording came to: 'Recording saved!', or plainly that no case notes will come of it on this server. */
export function recordingSavedMessage(visit: TreatmentLog): string {
  return visit.transcriptionJobStatus?.configured === false ? TREATMENT_LOG_MESSAGES.caseNotesNotSetUp : TREATMENT_LOG_MESSAGES.recordingSaved;
}
