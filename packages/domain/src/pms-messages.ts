/**
 * The link to the practice-management system (issue 36): procedures completed there come in (from
 * Open Dental's API, or a daily CSV any PMS exports), wait at the chair until a tap confirms their
 * trays, and their fees are the location's production.
 *
 * Its texts, without zod: pms.ts re-exports them beside its schemas, and the chair's page loads
 * without building any schema (issue 37).
 */
export const PMS_MESSAGES = {
  addressRequired: "Enter the address of Open Dental's API, e.g. https://api.opendental.com/api/v1",
  codeUnmapped: (code: string) => `Procedure code ${code} is not mapped to a treatment yet`,
  chartMissing: 'No chart number: the procedure cannot be matched to a patient',
  /** Issue 50: a patient is never guessed; the procedure waits until a person picks the patient. */
  chartMissingInPms: (patientNumber: string) => `No chart number in Open Dental for patient ${patientNumber}`,
  pickPatient: 'Pick the patient (their chart number here) before recording it',
  patientPicked: 'Patient picked: the visit can be recorded',
  patientAlreadyKnown: 'This procedure already has its patient',
  recheckDays: 'Use a whole number of days from 1 to 30',
  confirmed: 'Visit recorded from the practice-management system',
  dismissed: 'Procedure dismissed: no stock taken',
  notWaiting: 'This procedure is no longer waiting at the chair',
  oneVisit: 'Confirm procedures of one patient on one day together',
  cannotRecord: 'Map its procedure code to a treatment before recording it',
  mappingSaved: 'Procedure code mapped',
  mappingRemoved: 'Mapping removed',
  treatmentNotFound: 'Treatment not found at this location',
  imported: (count: number) => `${String(count)} ${count === 1 ? 'procedure' : 'procedures'} imported`,
  feeFormat: 'Fee must be a number of dollars, like 125.00',
  dateFormat: 'Date must be like 2026-11-27 or 11/27/2026',
  codeRequired: 'Procedure code is required',
  chartRequired: 'Chart number is required',
  httpsOnly: 'The Open Dental address must start with https:// (the keys are never sent over plain http)',
  keysRequired: 'Enter the developer key and the customer key',
  keysForNewAddress: 'Enter both keys again for a new address: saved keys are sent only to the address they were saved with',
  secretKeyMissing: 'The server cannot store keys yet: set PMS_SECRET_KEY in its environment to 32 random bytes (openssl rand -base64 32), then restart it',
  keysUnreadable: 'The stored keys could not be read (PMS_SECRET_KEY changed?): enter the developer key and the customer key again',
  connectionSaved: 'Open Dental connection saved',
  syncOff: 'The sync is off: turn on "Sync completed procedures" and save the connection first',
  synced: 'Open Dental sync finished',
  // What went wrong reaching Open Dental (issue 50): the connection's last error, never the remote's own words.
  refusedKeys: 'Open Dental refused the keys: check the developer key and the customer key',
  rateLimited: (seconds: number | null) =>
    seconds === null
      ? 'Open Dental is turning requests away (too many requests, 429): the sync tries again at its next run'
      : `Open Dental is turning requests away (too many requests, 429) and asks for a pause of ${String(seconds)} s: the sync waits that long before asking again`,
  serverFailed: (status: number) => `Open Dental's server failed (it answered ${String(status)}): the sync tries again at its next run`,
  unreachable: (why: string) => `Open Dental could not be reached (${why}): the sync tries again at its next run`,
  notOpenDental: (what: string) => `The Open Dental address answered with ${what}, not with Open Dental's data: check the address`,
  requestRefused: (status: number) =>
    `Open Dental did not accept the request (it answered ${String(status)}); it answers so too when the practice's eConnector is not running: the sync tries again at its next run`,
  actorGone: 'The admin who saved the Open Dental connection can no longer act here: save the connection again',
  syncFailed: 'The sync stopped unexpectedly; it will try again at its next run',
} as const;

/**
 * How a patient without a chart number is filed when the clinic chooses Open Dental's patient
 * number: shown as such, so it is never taken for one of the location's chart numbers.
 */
export const OPEN_DENTAL_PATIENT_PREFIX = 'Open Dental patient ';
export const openDentalPatient = (patientNumber: string) => `${OPEN_DENTAL_PATIENT_PREFIX}${patientNumber}`;
