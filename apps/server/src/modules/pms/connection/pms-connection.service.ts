import { randomUUID } from 'node:crypto';
import { OPEN_DENTAL_API_URL, OPEN_DENTAL_PATIENT_PREFIX, PMS_MESSAGES, type PmsConnection, type PmsConnectionTest, type SavePmsConnection, type TestPmsConnection } from '@clinic/domain';
import type { ServiceDeps } from '../../../services';
import type { Actor } from '../../../core/actor';
import { currentCompanyId } from '../../../core/access';
import { badRequest } from '../../../core/errors';
import { QUEUES } from '../../../jobs/queues';
import { SecretBoxError, type SecretBox } from '../../../core/secret-box';
import { recordAudit } from '../../audit/audit.writes';
import { fileUnderPatientNumber, findConnection, forgetOpenDentalAppointments, lockConnection, saveConnection, type ConnectionRow } from './pms-connection.repo';
import { keyContext, openKeys, type ConnectorFactory, type KeyName } from './pms-keys';
import type { PmsSyncService, SyncOutcome } from '../sync/pms-sync.service';

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * How long "Sync now" keeps starting pages (ms): a person waits for the answer, so a long first
 * pass at Open Dental's pace stops early and goes on at the next run, from the stored cursor.
 */
const SYNC_NOW_BUDGET_MS = 20_000;
/** How many days back what was recorded is read again each day, until the admins choose otherwise. */
const RECHECK_DAYS = 7;

function toApi(row: ConnectionRow | undefined): PmsConnection {
  return {
    kind: row?.kind ?? 'open_dental',
    base_url: row?.baseUrl ?? OPEN_DENTAL_API_URL,
    clinic_num: row?.clinicNum ?? null,
    enabled: row?.enabled ?? false,
    take_stock_on_complete: row?.takeStockOnComplete ?? false,
    use_patient_number: row?.usePatientNumber ?? false,
    recheck_days: row?.recheckDays ?? RECHECK_DAYS,
    has_keys: Boolean(row?.developerKeyEncrypted && row.customerKeyEncrypted),
    last_run_at: row?.lastRunAt?.toISOString() ?? null,
    last_success_at: row?.lastSuccessAt?.toISOString() ?? null,
    last_error: row?.lastError ?? null,
  };
}

/**
 * The location's link to Open Dental (issue 36), for its admins: the address, the clinic, the keys
 * (sealed with PMS_SECRET_KEY, written but never answered), whether the sync runs and takes stock at
 * once, and how its last run went. Saved keys are sent only to the address they were saved with:
 * a new address needs both keys again, so nobody who may edit the connection can send them elsewhere.
 */
export function createPmsConnectionService(deps: ServiceDeps, box: SecretBox, connect: ConnectorFactory, sync: Pick<PmsSyncService, 'runFor'>) {
  const { db, jobs } = deps;

  function seal(companyId: string, name: KeyName, value: string): string {
    if (!box.ready) throw badRequest(name, PMS_MESSAGES.secretKeyMissing);
    return box.seal(value, keyContext(companyId, name));
  }

  /** The saved keys, for the address they were saved with; a SecretBoxError becomes what to do about it. */
  function savedKeys(row: ConnectionRow) {
    try {
      return openKeys(box, row);
    } catch (error) {
      if (error instanceof SecretBoxError) throw badRequest('developer_key', box.ready ? PMS_MESSAGES.keysUnreadable : PMS_MESSAGES.secretKeyMissing);
      throw error;
    }
  }

  /**
   * Whether the customer key typed is the one saved. A saved key that no longer opens (PMS_SECRET_KEY
   * changed) counts as the same: the admin types it again because they were asked to, and taking
   * the practice for another would read its last 30 days in again as new procedures.
   */
  function sameCustomerKey(row: ConnectionRow, typed: string): boolean {
    if (!row.customerKeyEncrypted) return false;
    try {
      return box.open(row.customerKeyEncrypted, keyContext(row.companyId, 'customer_key')) === typed;
    } catch (error) {
      if (error instanceof SecretBoxError) return true;
      throw error;
    }
  }

  return {
    get: async (actor: Actor): Promise<PmsConnection> => toApi(await findConnection(db, currentCompanyId(actor))),

    async save(actor: Actor, body: SavePmsConnection): Promise<PmsConnection> {
      const companyId = currentCompanyId(actor);
      const baseUrl = withoutTrailingSlash(body.base_url);
      const developerKey = body.developer_key === undefined ? undefined : seal(companyId, 'developer_key', body.developer_key);
      const customerKey = body.customer_key === undefined ? undefined : seal(companyId, 'customer_key', body.customer_key);
      await db.transaction(async (tx) => {
        const current = await lockConnection(tx, companyId);
        const movedAddress = current?.baseUrl != null && current.baseUrl !== baseUrl;
        if (movedAddress && (developerKey === undefined || customerKey === undefined) && (current.developerKeyEncrypted || current.customerKeyEncrypted)) {
          throw badRequest(developerKey === undefined ? 'developer_key' : 'customer_key', PMS_MESSAGES.keysForNewAddress);
        }
        const developerKeyEncrypted = developerKey ?? current?.developerKeyEncrypted ?? null;
        const customerKeyEncrypted = customerKey ?? current?.customerKeyEncrypted ?? null;
        if (body.enabled && (!developerKeyEncrypted || !customerKeyEncrypted)) throw badRequest(developerKeyEncrypted ? 'customer_key' : 'developer_key', PMS_MESSAGES.keysRequired);
        // Another address, clinic or practice (a customer key names the practice): the sync starts over (30 days back); what it read before counts once.
        const startOver = !current || movedAddress || current.clinicNum !== body.clinic_num || customerKey !== undefined;
        // Another practice (a new address, another customer key): its ProcNum 1 is not the one read
        // before, so what it reads is kept apart under a practice key of its own, and the
        // appointments read from the one before go.
        const otherPractice = !current || movedAddress || (body.customer_key !== undefined && !sameCustomerKey(current, body.customer_key));
        if (otherPractice) await forgetOpenDentalAppointments(tx, companyId);
        const usePatientNumber = body.use_patient_number ?? current?.usePatientNumber ?? false;
        const recheckDays = body.recheck_days ?? current?.recheckDays ?? RECHECK_DAYS;
        // Chosen now: the patients waiting to be picked are filed under Open Dental's patient number, shown as such.
        const filed = usePatientNumber && !current?.usePatientNumber ? await fileUnderPatientNumber(tx, companyId, OPEN_DENTAL_PATIENT_PREFIX) : 0;
        await saveConnection(
          tx,
          companyId,
          {
            kind: 'open_dental',
            baseUrl,
            clinicNum: body.clinic_num,
            enabled: body.enabled,
            takeStockOnComplete: body.take_stock_on_complete,
            usePatientNumber,
            recheckDays,
            // The sync records and revises visits as the admin who last saved the connection.
            connectedBy: actor.userId,
            developerKeyEncrypted,
            customerKeyEncrypted,
            practiceKey: otherPractice ? randomUUID() : (current.practiceKey ?? ''),
            cursor: startOver ? null : (current?.cursor ?? null),
            lastError: null,
          },
          deps.now(),
        );
        // On: the location's first run starts now (the server's worker takes it within seconds), not
        // at the next 5 minutes. Queued with the save, so it runs with what was saved; one already
        // waiting for the location is that run.
        if (body.enabled) await jobs.send(QUEUES.pmsSyncLocation, { companyId }, { tx, key: companyId });
        const keysSaved = [developerKey === undefined ? null : 'developer_key', customerKey === undefined ? null : 'customer_key'].filter(Boolean);
        await recordAudit(tx, actor, {
          entity: 'pms_connection',
          entityId: companyId,
          action: 'save',
          organizationId: actor.organizationId,
          companyId,
          // Which keys were replaced, never the keys.
          changes: {
            base_url: baseUrl,
            clinic_num: body.clinic_num,
            enabled: body.enabled,
            take_stock_on_complete: body.take_stock_on_complete,
            use_patient_number: usePatientNumber,
            recheck_days: recheckDays,
            keys_saved: keysSaved,
            other_practice: otherPractice,
            ...(filed > 0 ? { filed_under_patient_number: filed } : {}),
          },
        });
      });
      return toApi(await findConnection(db, companyId));
    },

    /**
     * Whether the address and keys in the form work: Open Dental's clinics, or its refusal in plain
     * words. What the form leaves out comes from the saved connection (the keys only for its address).
     */
    async test(actor: Actor, body: TestPmsConnection): Promise<PmsConnectionTest> {
      const companyId = currentCompanyId(actor);
      const saved = await findConnection(db, companyId);
      // No address given nor saved: asked for, never guessed (a test reaches out to the address it names).
      const address = body.base_url ?? saved?.baseUrl;
      if (!address) throw badRequest('base_url', PMS_MESSAGES.addressRequired);
      const baseUrl = withoutTrailingSlash(address);
      const sameAddress = saved?.baseUrl === baseUrl;
      const keys = saved && sameAddress && (body.developer_key === undefined || body.customer_key === undefined) ? savedKeys(saved) : null;
      const developerKey = body.developer_key ?? keys?.developerKey;
      const customerKey = body.customer_key ?? keys?.customerKey;
      if (developerKey === undefined || customerKey === undefined) {
        const field = developerKey === undefined ? 'developer_key' : 'customer_key';
        throw badRequest(field, saved?.developerKeyEncrypted && !sameAddress ? PMS_MESSAGES.keysForNewAddress : PMS_MESSAGES.keysRequired);
      }
      const answer = await connect({ baseUrl, developerKey, customerKey }).testConnection();
      await recordAudit(db, actor, { entity: 'pms_connection', entityId: companyId, action: 'test', organizationId: actor.organizationId, companyId, changes: { base_url: baseUrl, ok: answer.ok } });
      return answer.ok ? { ok: true, clinics: answer.clinics.map((c) => ({ clinic_num: Number(c.clinicRef), name: c.name })) } : answer;
    },

    /**
     * "Sync now": the location's run here and now, answered with how it went (last run, success,
     * error). A failed run is an answer too (its error is on the connection); `failed` hears the
     * cause for the server's log.
     */
    async syncNow(actor: Actor, failed: (run: SyncOutcome) => void = () => undefined): Promise<PmsConnection> {
      const companyId = currentCompanyId(actor);
      const run = await sync.runFor(companyId, { budgetMs: SYNC_NOW_BUDGET_MS });
      if (!run) throw badRequest('enabled', PMS_MESSAGES.syncOff);
      if (run.error) failed(run);
      await recordAudit(db, actor, {
        entity: 'pms_connection',
        entityId: companyId,
        action: 'sync',
        organizationId: actor.organizationId,
        companyId,
        changes: { pages: run.pages, read: run.read, visits: run.visits, ok: run.error === null },
      });
      return toApi(await findConnection(db, companyId));
    },
  };
}

export type PmsConnectionService = ReturnType<typeof createPmsConnectionService>;
