import type { SqlExecutor } from '../db/sql-executor';

/**
 * Which nightly per-location jobs finished for which day (issue 53; location_job_days): a night's
 * schedule retried, or run again at a restart, queues only the locations not done yet, and a
 * location's job that finds its night done does nothing.
 */
export function createLocationDays(jobSql: SqlExecutor) {
  return {
    /** Of these locations, those whose `queue` job has not finished `day` yet. */
    async notDone(queue: string, day: string, companyIds: readonly string[]): Promise<string[]> {
      if (companyIds.length === 0) return [];
      const { rows } = await jobSql.executeSql('select company_id from location_job_days where queue = $1 and day >= $2::date and company_id = any($3::uuid[])', [queue, day, companyIds]);
      const done = new Set((rows as { company_id: string }[]).map((row) => row.company_id));
      return companyIds.filter((id) => !done.has(id));
    },

    async isDone(queue: string, day: string, companyId: string): Promise<boolean> {
      return (await this.notDone(queue, day, [companyId])).length === 0;
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
