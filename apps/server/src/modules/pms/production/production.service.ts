import { PMS_MESSAGES, PRODUCTION_IMPORT_COLUMNS, type MonthlyProduction, type ProductionImportResult } from '@clinic/domain';
import type { ServiceDeps } from '../../../services';
import type { Actor } from '../../../core/actor';
import { currentCompanyId } from '../../../core/access';
import { AppError } from '../../../core/errors';
import { clearMonthlyProduction, saveDailyProduction, saveMonthlyProduction } from './production.repo';
import { recordAudit } from '../../audit/audit.writes';
import { readCsvTable } from '../../imports/import-file';
import { parseFee, parseProcedureDay } from '../csv/procedure-csv';

/** The most production rows a file holds: years of days. */
const MAX_PRODUCTION_ROWS = 3_000;

/**
 * Production the clinic gives besides its procedures' fees (issue 36): a month typed, or a day's
 * figure per CSV row (the report "supply cost as a share of production" reads them).
 */
export function createProductionService(deps: ServiceDeps) {
  const { db } = deps;
  return {
    async setMonthly(actor: Actor, body: MonthlyProduction): Promise<MonthlyProduction> {
      const companyId = currentCompanyId(actor);
      const day = `${body.month}-01`;
      await db.transaction(async (tx) => {
        if (body.amount === null) await clearMonthlyProduction(tx, companyId, day);
        else await saveMonthlyProduction(tx, companyId, day, body.amount);
        await recordAudit(tx, actor, { entity: 'pms_procedure', entityId: companyId, action: 'production_month', organizationId: actor.organizationId, companyId, changes: { ...body } });
      });
      return body;
    },

    /** A CSV of production per day: each good row sets that day's figure (a day given twice: the last row). */
    async importFile(actor: Actor, bytes: Buffer): Promise<ProductionImportResult> {
      const companyId = currentCompanyId(actor);
      const parsed = await readCsvTable(bytes, PRODUCTION_IMPORT_COLUMNS, MAX_PRODUCTION_ROWS);
      if ('error' in parsed) throw new AppError('BAD_REQUEST', parsed.error, { field: 'file_url' });
      const rows = parsed.rows.map(({ rowNumber, data }) => {
        const day = data.date ? parseProcedureDay(data.date) : null;
        const amount = data.production ? parseFee(data.production) : null;
        const reason = [day ? null : PMS_MESSAGES.dateFormat, amount === null ? 'Production must be a number of dollars, like 4210.50' : null].filter(Boolean).join('; ');
        return { rowNumber, day, amount, reason: reason || null };
      });
      const good = new Map(rows.filter((r) => !r.reason).map((r) => [r.day!, r.amount!]));
      await db.transaction(async (tx) => {
        await saveDailyProduction(tx, companyId, good);
        await recordAudit(tx, actor, { entity: 'pms_procedure', entityId: companyId, action: 'production_import', organizationId: actor.organizationId, companyId, changes: { rows: rows.length, days: good.size } });
      });
      const failed = rows.filter((r) => r.reason).length;
      return { total_rows: rows.length, imported: rows.length - failed, failed, rows: rows.map((r) => ({ row_number: r.rowNumber, status: r.reason ? ('failed' as const) : ('imported' as const), reason: r.reason })) };
    },
  };
}

export type ProductionService = ReturnType<typeof createProductionService>;
