import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { DayRange } from './production-share';
import { rowsOf } from '../../db/rows';

export interface ProductionRow {
  company_id: string;
  day: string;
  source: 'typed' | 'csv' | 'procedures';
  amount: string;
}

/** Every production figure of these locations touching the range (typed months from the range's first month). */
export async function productionRows(db: DbOrTx, companyIds: string[], range: DayRange): Promise<ProductionRow[]> {
  if (companyIds.length === 0) return [];
  return rowsOf<ProductionRow>(
    db,
    sql`
    select company_id, day::text as day, source::text as source, amount from production_days
     where company_id = any(${sql.param(companyIds)}::uuid[])
       and ((source = 'typed' and day between date_trunc('month', ${range.start}::date)::date and ${range.end}::date)
         or (source = 'csv' and day between ${range.start}::date and ${range.end}::date))
    union all
    select company_id, performed_on::text, 'procedures', sum(fee) from pms_procedures
     where company_id = any(${sql.param(companyIds)}::uuid[]) and performed_on between ${range.start}::date and ${range.end}::date
       and status <> 'dismissed' and not deleted_in_pms
     group by company_id, performed_on`,
  );
}

