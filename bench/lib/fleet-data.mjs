// The fleet benchmark's data (bench/fleet.mjs): the demo organization grown to LOCATIONS locations,
// each with 90 days of receipts, visits and manual use (the dashboard benchmark's bulk loader,
// bench/lib/dashboard-data.mjs), the first CONNECTED of them connected to one Open Dental stand-in,
// each practice with its own customer key, sealed as the server seals a saved connection.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createSecretBox } from '../../apps/server/src/core/secret-box.ts';
import { keyContext } from '../../apps/server/src/modules/pms/connection/pms-keys.ts';

/** The per-location queue of the nightly forecasts and drafts, and its record of nights done. */
export const NIGHT_QUEUE = 'reorder-forecast-location';

/**
 * Connects the first `connected` locations of the organization (in the loader's order) to the
 * stand-in, each with its own customer key (added to the stand-in's), as their owner saved them.
 */
export async function connectPractices(url, { ownerEmail, connected, standIn, secretKey }) {
  const box = createSecretBox(secretKey);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: [owner] } = await client.query('select id, organization_id from users where email = $1', [ownerEmail]);
    const { rows: locations } = await client.query(
      `select id from companies where organization_id = $1 and deleted_at is null order by created_at, id limit $2`,
      [owner.organization_id, connected],
    );
    for (const { id } of locations) {
      const customerKey = randomUUID().replaceAll('-', '').slice(0, 16);
      standIn.otherCustomerKeys.add(customerKey);
      await client.query(
        `insert into pms_connections (company_id, kind, base_url, enabled, developer_key_encrypted, customer_key_encrypted, connected_by, practice_key)
         values ($1, 'open_dental', $2, true, $3, $4, $5, $6)`,
        [id, standIn.url, box.seal(standIn.developerKey, keyContext(id, 'developer_key')), box.seal(customerKey, keyContext(id, 'customer_key')), owner.id, randomUUID()],
      );
    }
    return locations.length;
  } finally {
    await client.end();
  }
}

/**
 * A day at each practice (the same records for every key): completed procedures today, and
 * appointments over the next two weeks each with a planned procedure, as the upcoming trays read them.
 * The stand-in's clock is brought to now first, so the records fall inside the sync's look-back.
 */
export function fillPractice(standIn, { patients = 8, appointments = 8 } = {}) {
  standIn.advance(Math.ceil((Date.now() - Date.parse(`${standIn.now().replace(' ', 'T')}Z`)) / 1000));
  const today = new Date().toISOString().slice(0, 10);
  for (let i = 0; i < patients; i += 1) {
    const patient = standIn.addPatient({ ChartNumber: `FLEET-${i}` });
    standIn.addProcedure({ PatNum: patient.PatNum, procCode: i % 2 ? 'D1110' : 'D2391', ProcDate: today });
  }
  for (let i = 0; i < appointments; i += 1) {
    const when = new Date(Date.now() + (1 + (i % 14)) * 86_400_000).toISOString().slice(0, 10);
    const appointment = standIn.addAppointment({ PatNum: 1 + (i % patients), AptDateTime: `${when} 09:00:00` });
    standIn.addProcedure({ PatNum: appointment.PatNum, AptNum: appointment.AptNum, ProcStatus: 'TP', procCode: 'D1110', ProcDate: when });
  }
}

/**
 * Marks tonight done at every location, as if the nightly run had been, so a server's start-up run
 * of the schedule queues no forecasts while the sync is measured; the night is measured on its own.
 */
export async function markNightDone(client) {
  await client.query(
    `insert into location_job_days (queue, company_id, day)
     select $1, id, (now() at time zone coalesce(time_zone, 'UTC'))::date from companies where deleted_at is null
     on conflict (queue, company_id) do update set day = excluded.day`,
    [NIGHT_QUEUE],
  );
}
