/**
 * The day's "procedures completed" export of Downtown's practice-management system (issue 36), as
 * the CSV path reads it: two patients' procedures waiting at the chair, and one code (an exam)
 * with no treatment designed for it, listed to be mapped.
 */
export const DEMO_PMS_MAPPED_CODES = ['D1110', 'D1206', 'D2391', 'D6010', 'D7140'];

export const demoProceduresCsv = (day: string) =>
  ['Date,Chart Number,Procedure Code,Fee,Procedure ID', `${day},BS-10231,D1110,115.00,OD-51001`, `${day},BS-10231,D1206,38.00,OD-51002`, `${day},BS-10588,D2391,185.00,OD-51003`, `${day},BS-10588,D0120,55.00,OD-51004`].join('\r\n');

/** The month-end production Downtown typed for last month (its PMS's report): the dashboard's supply share reads it. */
export const DEMO_LAST_MONTH_PRODUCTION = 48_750;

/**
 * Downtown's schedule of the next days as its PMS exports it (upcoming trays): cleanings tomorrow,
 * three implant placements in two days and three more the week after (the shelf holds enough for
 * the first three only, so the page warns), an extraction, and a consultation code (D0150) with no
 * treatment designed.
 */
export function demoScheduleCsv(today: string): string {
  const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  return [
    'Date,Time,Chart Number,Procedure Code,Quantity',
    `${day(1)},09:00,BS-10231,D1110,1`,
    `${day(1)},10:30,BS-10777,D1110,1`,
    `${day(1)},10:30,BS-10777,D1206,1`,
    `${day(2)},08:30,BS-10412,D6010,1`,
    `${day(2)},11:00,BS-10588,D6010,1`,
    `${day(2)},14:00,BS-10903,D6010,1`,
    `${day(2)},14:00,BS-10903,D0150,1`,
    `${day(6)},15:00,BS-10655,D7140,1`,
    `${day(9)},08:30,BS-10120,D6010,1`,
    `${day(9)},11:00,BS-10344,D6010,1`,
    `${day(9)},14:00,BS-10871,D6010,1`,
  ].join('\r\n');
}
