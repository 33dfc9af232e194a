/**
 * The day's "procedures completed" export of Downtown's practice-management system (issue 36), as
 * the CSV path reads it: two patients' procedures waiting at the chair, and one code (an exam)
 * with no treatment designed for it, listed to be mapped.
 */
export const DEMO_PMS_MAPPED_CODES = ['D1110', 'D1206', 'D2391'];

export const demoProceduresCsv = (day: string) =>
  ['Date,Chart Number,Procedure Code,Fee,Procedure ID', `${day},BS-10231,D1110,115.00,OD-51001`, `${day},BS-10231,D1206,38.00,OD-51002`, `${day},BS-10588,D2391,185.00,OD-51003`, `${day},BS-10588,D0120,55.00,OD-51004`].join('\r\n');

/** The month-end production Downtown typed for last month (its PMS's report): the dashboard's supply share reads it. */
export const DEMO_LAST_MONTH_PRODUCTION = 48_750;
