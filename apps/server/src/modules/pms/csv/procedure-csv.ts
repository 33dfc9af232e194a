import { PMS_MESSAGES, type ProcedureImportField } from '@clinic/domain';
import type { NewPmsProcedure } from '../chair/pms.repo';

type Row = { rowNumber: number; data: Partial<Record<ProcedureImportField, string>> };

/** A day as the PMS wrote it: ISO (2026-11-27) or US (11/27/2026, 11-27-2026); null when neither or not a real day. */
export function parseProcedureDay(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const us = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(text);
  const [year, month, day] = iso ? [iso[1]!, iso[2]!, iso[3]!] : us ? [us[3]!, us[1]!.padStart(2, '0'), us[2]!.padStart(2, '0')] : [];
  if (!year || !month || !day) return null;
  const value = `${year}-${month}-${day}`;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) ? value : null;
}

/** "$1,250.00", "185", "" (no fee): dollars, or null when not a number. */
export function parseFee(text: string | undefined): number | null {
  if (!text) return 0;
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** What a procedures file and a schedule file both hold: a day, a procedure code, a chart number. */
export interface ProcedureRowBasics {
  day: string | null;
  code: string;
  chart: string;
}

/**
 * A row's day, code and chart number checked alike in both files, each problem in words pushed to
 * `problems`: the values are good when no problem was added.
 */
export function checkProcedureBasics(data: { date?: string; procedure_code?: string; chart_number?: string }, problems: string[]): ProcedureRowBasics {
  const day = data.date ? parseProcedureDay(data.date) : null;
  if (!day) problems.push(PMS_MESSAGES.dateFormat);
  const code = (data.procedure_code ?? '').toUpperCase();
  if (!code) problems.push(PMS_MESSAGES.codeRequired);
  else if (!/^[A-Z0-9.-]{1,20}$/.test(code)) problems.push('Procedure code must be letters, digits, dots or dashes (at most 20)');
  const chart = data.chart_number ?? '';
  if (!chart) problems.push(PMS_MESSAGES.chartRequired);
  else if (chart.length > 50) problems.push('Chart number must be at most 50 characters');
  return { day, code, chart };
}

/**
 * The rows of a "procedures completed" export as procedures, or each row's reason. A row's id is the
 * PMS's own procedure id when the export has one; else the row's date, chart, code and fee with its
 * occurrence among identical rows of the file, so the same file imported twice counts once, and two
 * identical fillings of one visit stay two.
 */
export function proceduresOfRows(companyId: string, rows: Row[]): { rowNumber: number; procedure?: NewPmsProcedure; reason?: string }[] {
  const occurrences = new Map<string, number>();
  return rows.map(({ rowNumber, data }) => {
    const problems: string[] = [];
    const { day, code, chart } = checkProcedureBasics(data, problems);
    const fee = parseFee(data.fee);
    if (fee === null) problems.push(PMS_MESSAGES.feeFormat);
    if (problems.length > 0) return { rowNumber, reason: problems.join('; ') };
    let externalId = data.procedure_id ? `id:${data.procedure_id}` : '';
    if (!externalId) {
      const content = `row:${day!}|${chart.toLowerCase()}|${code}|${fee!.toFixed(2)}`;
      const seen = (occurrences.get(content) ?? 0) + 1;
      occurrences.set(content, seen);
      externalId = `${content}|${String(seen)}`;
    }
    // A CSV names no practice: its procedures are the location's own ('').
    return { rowNumber, procedure: { companyId, source: 'csv', practiceKey: '', externalId, chartNumber: chart, code, fee: fee!, performedOn: day!, problem: null } };
  });
}
