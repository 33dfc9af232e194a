import { localTime } from '@clinic/domain';
import type { SqlExecutor } from '../db/sql-executor';

/** A location's own day of a nightly job: the day of its time zone (issue 53). */
export interface LocationDay {
  companyId: string;
  day: string;
}

/**
 * Which nightly per-location jobs finished for which of the location's own days (issue 53;
 * location_job_days): a night's schedule retried, or run again at a restart, queues only the
 * locations not done yet, and a location's job that finds its night done does nothing.
 */
export function createLocationDays(jobSql: SqlExecutor) {
  return {
    /**
     * Each location's own day now, by its time zone (companies.time_zone; none: UTC), through Intl.
     * A location gone from the table is left out.
     */
    async localDays(companyIds: readonly string[], now: Date): Promise<LocationDay[]> {
      if (companyIds.length === 0) return [];
      const { rows } = await jobSql.executeSql('select id, time_zone from companies where id = any($1::uuid[])', [companyIds]);
      const zones = new Map((rows as { id: string; time_zone: string | null }[]).map((row) => [row.id, row.time_zone]));
      return companyIds.filter((id) => zones.has(id)).map((companyId) => ({ companyId, day: localTime(now, zones.get(companyId) ?? null).day }));
    },

    /** Of these locations' days, those whose `queue` job has not finished that day (or a later one) yet. */
    async notDone(queue: string, days: readonly LocationDay[]): Promise<LocationDay[]> {
      if (days.length === 0) return [];
      const { rows } = await jobSql.executeSql(
        `select d.company_id from unnest($2::uuid[], $3::date[]) as d(company_id, day)
           join location_job_days j on j.queue = $1 and j.company_id = d.company_id and j.day >= d.day`,
        [queue, days.map((d) => d.companyId), days.map((d) => d.day)],
      );
      const done = new Set((rows as { company_id: string }[]).map((row) => row.company_id));
      return days.filter((d) => !done.has(d.companyId));
    },

    async isDone(queue: string, day: string, companyId: string): Promise<boolean> {
      return (await this.notDone(queue, [{ companyId, day }])).length === 0;
    },

    /** The location's `day` is done (a later day stays). */
    async markDone(queue: string, day: string, companyId: string): Promise<void> {
      await jobSql.executeSql(
        `insert into location_job_days (queue, company_id, day) values ($1, $2, $3::date)
           on conflict (queue, company_id) do update set day = greatest(location_job_days.day, excluded.day), done_at = now()`,
        [queue, companyId, day],
      );
    },
  };
}

export type LocationDays = ReturnType<typeof createLocationDays>;
