// The job engine's tables (pg-boss, schema pgboss) in the fleet benchmark: their size, and a week of
// a fleet's jobs written into them as the engine leaves them, to see what its maintenance keeps.
// pg-boss's maintenance (every 2 minutes, in one server process) moves jobs completed over 12 hours
// ago to pgboss.archive and deletes what was archived over 7 days ago (its defaults; the app sets none).

const DAY_S = 86_400;

/** Rows and bytes (tables, indexes and TOAST) of pgboss.job (all its queues' partitions) and pgboss.archive. */
export async function jobTablesSize(client) {
  const { rows: [size] } = await client.query(
    `select (select count(*)::int from pgboss.job) as job_rows, (select count(*)::int from pgboss.archive) as archive_rows,
            (select coalesce(sum(pg_total_relation_size(c.oid)), 0)::float8 from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname = 'pgboss' and c.relkind = 'r' and c.relname <> 'archive') as job_bytes,
            pg_total_relation_size('pgboss.archive')::float8 as archive_bytes`,
  );
  return size;
}

/**
 * A fleet's jobs per day, by queue: every schedule at its cron, and one job per location per round
 * (queues.ts): the sync every 5 minutes per connection, the night and the digest once per location.
 */
export function jobsPerDay({ locations, connected }) {
  return {
    'pms-sync': 288,
    'pms-sync-location': 288 * connected,
    'reorder-forecast': 24,
    'reorder-forecast-location': locations,
    'reorder-digest': 24,
    'reorder-digest-location': locations,
    'alert-scan': 96,
    'vendor-orders': 288,
    'trial-reminders': 24,
    'upload-sweep': 24,
  };
}

/**
 * The tables as a week of running leaves them if the maintenance works: the last 12 hours' jobs
 * completed in pgboss.job, the 6.5 days before in pgboss.archive (archived 12 hours after they
 * completed), and, to be purged, one more day archived over 7 days ago. Each row copies a job the
 * benchmark's servers completed in that queue (its data and output as written), so the bytes are real.
 * Returns the rows written.
 */
export async function writeWeek(client, perDay) {
  let written = 0;
  for (const [queue, count] of Object.entries(perDay)) {
    const { rows: [sample] } = await client.query(`select id from pgboss.job where name = $1 and state = 'completed' limit 1`, [queue]);
    if (!sample) continue;
    const copy = (table, fromS, toS, archived) =>
      client.query(
        `insert into pgboss.${table} (id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, start_after, started_on,
                                  singleton_key, expire_in, created_on, completed_on, keep_until, policy, output${archived ? ', archived_on' : ''})
         select gen_random_uuid(), j.name, j.priority, j.data, 'completed', j.retry_limit, 0, j.retry_delay, j.retry_backoff, t.at, t.at, j.singleton_key, j.expire_in,
                t.at, t.at + interval '5 seconds', t.at + interval '14 days', j.policy, j.output${archived ? ", t.at + interval '12 hours'" : ''}
         from pgboss.job j, lateral (select now() - ($3::float8 + ($4::float8 - $3::float8) * g / $5::float8) * interval '1 second' as at
                                     from generate_series(1, $5::int) g) t
         where j.name = $1 and j.id = $2`,
        [queue, sample.id, fromS, toS, Math.max(1, Math.round((count * (toS - fromS)) / DAY_S))],
      );
    // The last 12 hours still in the job table, the 6.5 days before archived, and a day past the purge.
    written += (await copy('job', 60, DAY_S / 2, false)).rowCount;
    written += (await copy('archive', DAY_S / 2, 7 * DAY_S, true)).rowCount;
    written += (await copy('archive', 7.5 * DAY_S, 8.5 * DAY_S, true)).rowCount;
  }
  return written;
}
