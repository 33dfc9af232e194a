import { randomBytes } from 'node:crypto';
import { can, effectivePermissions, localTime, type ReorderDigest } from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { currentCompanyId } from '../../core/access';
import { isoDay } from '../../clock';
import { recordAudit } from '../audit/audit.writes';
import { enqueueEmail } from '../mail/mail.writes';
import { hasNews, reorderDigestEmail, type DigestFacts } from './reorder-digest-email';
import { claimDigest, deleteByToken, deleteSubscription, dueSubscriptions, findFrequency, itemsAtRisk, lotsExpiring, saveFrequency, suggestedOrderWaiting, tokenExists } from './reorder-digest.repo';

/**
 * Digests go out from this hour of the location's own day on (REORDER_DIGEST_LOCAL_HOUR; issue 53):
 * after its night's forecasts and before it opens. The job runs hourly, so a server down at that
 * hour sends later that day.
 */
export const DEFAULT_DIGEST_LOCAL_HOUR = 7;

const DAY_MS = 86_400_000;

/** The Monday (ISO day) of the week of an ISO day: weekly digests go once per such week. */
export function weekStart(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return isoDay(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS));
}

/**
 * The reorder digest e-mail (issue 35; docs/decisions.md, Reorder digest e-mail): a location admin's
 * choice, the hourly job that sends what is due through the outbox, and the e-mail's off link.
 */
export function createReorderDigestService(deps: ServiceDeps) {
  const { db } = deps;

  async function factsOf(companyId: string, today: string): Promise<DigestFacts> {
    const [items, lots, suggested] = await Promise.all([
      itemsAtRisk(db, companyId, today),
      lotsExpiring(db, companyId, today, deps.alertExpiryWindowDays),
      suggestedOrderWaiting(db, companyId),
    ]);
    return { items, lots, expiryWindowDays: deps.alertExpiryWindowDays, suggested };
  }

  /**
   * The subscriptions due now, of one location or of all, with the location's own day: past the
   * digest's hour there, a daily one not sent that day, a weekly one not sent since that week's
   * Monday. The query takes those not sent since the latest day anywhere (a local day is at most
   * the UTC day after), and each location's clock (Intl) decides.
   */
  async function due(now: Date, companyId?: string) {
    const latest = isoDay(new Date(now.getTime() + DAY_MS));
    const found = [];
    for (const subscriber of await dueSubscriptions(db, latest, weekStart(latest), now, companyId)) {
      const local = localTime(now, subscriber.timeZone);
      if (local.hour < deps.reorderDigestLocalHour) continue;
      const since = subscriber.frequency === 'daily' ? local.day : weekStart(local.day);
      if (subscriber.lastSentOn !== null && subscriber.lastSentOn >= since) continue;
      found.push({ ...subscriber, today: local.day, since });
    }
    return found;
  }

  /** The digests due now, of one location or of all; how many e-mails were enqueued. */
  async function sendDue(now: Date, companyId?: string): Promise<number> {
    const facts = new Map<string, DigestFacts>();
    let sent = 0;
    for (const subscriber of await due(now, companyId)) {
      const { today } = subscriber;
      // Off for other roles: whoever may no longer update the location gets nothing (the choice stays).
      if (!can(effectivePermissions(subscriber.role, subscriber.permissions), 'companies', 'update')) continue;
      let location = facts.get(subscriber.companyId);
      if (!location) {
        location = await factsOf(subscriber.companyId, today);
        facts.set(subscriber.companyId, location);
      }
      if (!hasNews(location)) continue;
      const news = location;
      await db.transaction(async (tx) => {
        const token = await claimDigest(tx, subscriber.userId, subscriber.companyId, subscriber.frequency, subscriber.since, today);
        if (token === null) return;
        await enqueueEmail(
          tx,
          deps.jobs,
          reorderDigestEmail({ to: subscriber.email, locationName: subscriber.companyName, frequency: subscriber.frequency, today, facts: news, appUrl: deps.publicUrl, token }),
        );
        sent += 1;
      });
    }
    return sent;
  }

  return {
    /** The signed-in admin's choice at their current location. */
    async choice(actor: Actor): Promise<ReorderDigest> {
      return { frequency: (await findFrequency(db, actor.userId, currentCompanyId(actor))) ?? 'off' };
    },

    async choose(actor: Actor, body: ReorderDigest): Promise<ReorderDigest> {
      const companyId = currentCompanyId(actor);
      await db.transaction(async (tx) => {
        if (body.frequency === 'off') await deleteSubscription(tx, actor.userId, companyId);
        else await saveFrequency(tx, actor.userId, companyId, body.frequency, randomBytes(24).toString('base64url'));
        await recordAudit(tx, actor, { entity: 'reorder_digest', entityId: actor.userId, action: 'update', organizationId: actor.organizationId, companyId, changes: { ...body } });
      });
      return body;
    },

    /** The off link's confirm page: is the token a subscription's? Nothing else is told. */
    knowsToken: (token: string) => tokenExists(db, token),

    /**
     * The e-mail's off link, for whoever holds it (no sign-in): the subscription is deleted, in the
     * audit log as its owner's. False when no subscription has the token; nothing else is told.
     */
    async turnOff(token: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const gone = await deleteByToken(tx, token);
        if (!gone) return false;
        await recordAudit(tx, { userId: gone.userId }, { entity: 'reorder_digest', entityId: gone.userId, action: 'turn_off_by_link', organizationId: gone.organizationId, companyId: gone.companyId, changes: { frequency: 'off' } });
        return true;
      });
    },

    /**
     * The hourly schedule (issue 53): the locations with a digest due now, one job each
     * (`sendDigestsAt`). A location's are due from the digest's hour of its own day.
     */
    async dueLocations(): Promise<string[]> {
      return [...new Set((await due(deps.now())).map((s) => s.companyId))];
    },

    /**
     * One location's digests due (daily ones once a day, weekly ones once a week from Monday),
     * enqueued if the location has something to say, each marked sent in the same transaction: a
     * retry sends only those still due. The location's facts are read once for all its admins.
     * Nothing to say: nothing is sent, and the next run looks again. Answers how many were enqueued.
     */
    sendDigestsAt: (companyId: string) => sendDue(deps.now(), companyId),

    /** Every location's digests due, one location after another (tests; the job runs them per location). */
    sendDigests: () => sendDue(deps.now()),
  };
}

export type ReorderDigestService = ReturnType<typeof createReorderDigestService>;
