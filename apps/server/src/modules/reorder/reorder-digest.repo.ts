import { sql } from 'drizzle-orm';
import type { DigestFrequency, PermissionMap, Role } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { usableLot } from '../../db/usable-lots';

// The reorder digest e-mail (issue 35): who asked for it, and what it tells a location. It reads the
// location's open alerts, lots and the suggested order as they stand; it writes only subscriptions.

/** The admin's choice at a location, or null: no digest. */
export async function findFrequency(db: DbOrTx, userId: string, companyId: string): Promise<DigestFrequency | null> {
  const [row] = await rowsOf<{ frequency: DigestFrequency }>(db, sql`select frequency from reorder_digest_subscriptions where user_id = ${userId}::uuid and company_id = ${companyId}::uuid`);
  return row?.frequency ?? null;
}

/**
 * Subscribes, or changes the frequency: the token (the e-mails' off link) and the last day sent
 * stay, so a link already sent keeps working and a change does not send a second digest that day.
 */
export async function saveFrequency(db: DbOrTx, userId: string, companyId: string, frequency: DigestFrequency, token: string): Promise<void> {
  await db.execute(sql`insert into reorder_digest_subscriptions (user_id, company_id, frequency, token) values (${userId}::uuid, ${companyId}::uuid, ${frequency}, ${token})
                       on conflict (user_id, company_id) do update set frequency = excluded.frequency`);
}

export async function deleteSubscription(db: DbOrTx, userId: string, companyId: string): Promise<void> {
  await db.execute(sql`delete from reorder_digest_subscriptions where user_id = ${userId}::uuid and company_id = ${companyId}::uuid`);
}

/** The off link: the subscription it names is deleted; null when no subscription has that token. */
export async function deleteByToken(db: DbOrTx, token: string): Promise<{ userId: string; companyId: string; organizationId: string | null } | null> {
  const [row] = await rowsOf<{ user_id: string; company_id: string; organization_id: string | null }>(
    db,
    sql`with gone as (delete from reorder_digest_subscriptions where token = ${token} returning user_id, company_id)
        select gone.user_id, gone.company_id, c.organization_id from gone left join companies c on c.id = gone.company_id`,
  );
  return row ? { userId: row.user_id, companyId: row.company_id, organizationId: row.organization_id } : null;
}

export interface DigestSubscriber {
  userId: string;
  companyId: string;
  frequency: DigestFrequency;
  email: string;
  role: Role;
  permissions: PermissionMap | null;
  companyName: string;
  /** The location's time zone (null: UTC) and when this digest last went: the service finds it due at the location's own hour. */
  timeZone: string | null;
  lastSentOn: string | null;
}

/**
 * Subscriptions due a digest: daily ones not sent today, weekly ones not sent since `weekStart`
 * (this week's Monday). Only people who could sign in and still run the location: an active user of
 * an approved, subscribed organization, its admin or the location's own admin (the service checks
 * their permissions on top). Whoever lost that keeps the row and gets nothing until they have it back.
 */
export async function dueSubscriptions(db: DbOrTx, today: string, weekStart: string, at: Date, companyId?: string): Promise<DigestSubscriber[]> {
  const found = await rowsOf<{ user_id: string; company_id: string; frequency: DigestFrequency; email: string; role: Role; permissions: PermissionMap | string | null; company_name: string; time_zone: string | null; last_sent_on: string | null }>(
    db,
    sql`select s.user_id, s.company_id, s.frequency, u.email, u.role, u.permissions, c.name as company_name, c.time_zone, s.last_sent_on::text as last_sent_on
          from reorder_digest_subscriptions s
          join users u on u.id = s.user_id and u.deleted_at is null and u.status = 'active' and u.approval_status <> 'rejected'
          join companies c on c.id = s.company_id and c.deleted_at is null
          join organizations o on o.id = c.organization_id and o.deleted_at is null and o.approval_status = 'approved'
                              and o.subscription_active_until > ${at.toISOString()}::timestamptz
         where ((u.role = 'company_admin' and u.company_id = s.company_id) or (u.role = 'organization_admin' and u.organization_id = c.organization_id))
           and (s.last_sent_on is null or s.last_sent_on < case when s.frequency = 'daily' then ${today}::date else ${weekStart}::date end)
           ${companyId ? sql`and s.company_id = ${companyId}::uuid` : sql``}
         order by s.company_id, s.user_id`,
  );
  return found.map((r) => ({
    userId: r.user_id,
    companyId: r.company_id,
    frequency: r.frequency,
    email: r.email,
    role: r.role,
    permissions: typeof r.permissions === 'string' ? (JSON.parse(r.permissions) as PermissionMap) : r.permissions,
    companyName: r.company_name,
    timeZone: r.time_zone,
    lastSentOn: r.last_sent_on,
  }));
}

/**
 * Marks the digest sent today if it is still due, and answers the off link's token; null when
 * another run got there first. The caller enqueues the e-mail in the same transaction: of two
 * processes at once, the second waits on the row and then finds it sent.
 */
export async function claimDigest(db: DbOrTx, userId: string, companyId: string, frequency: DigestFrequency, notSentSince: string, today: string): Promise<string | null> {
  const [row] = await rowsOf<{ token: string }>(
    db,
    sql`update reorder_digest_subscriptions set last_sent_on = ${today}::date
         where user_id = ${userId}::uuid and company_id = ${companyId}::uuid and frequency = ${frequency}
           and (last_sent_on is null or last_sent_on < ${notSentSince}::date)
        returning token`,
  );
  return row?.token ?? null;
}

export interface ItemAtRisk {
  productName: string;
  /** Usable units: available, unexpired lots. */
  unitsLeft: number;
  minimumStock: number;
  /** Units a day of the reorder job's forecast; null without one. */
  dailyUse: number | null;
  leadTimeDays: number | null;
  runsOut: boolean;
  lowStock: boolean;
}

/** Products with an open (not dismissed) "runs out" or low-stock alert at the location, emptiest first. */
export async function itemsAtRisk(db: DbOrTx, companyId: string, today: string): Promise<ItemAtRisk[]> {
  const found = await rowsOf<{ name: string; units_left: string; minimum_stock: number | null; daily_use: string | null; lead_time_days: string | null; runs_out: boolean; low_stock: boolean }>(
    db,
    sql`select p.name, shelf.units_left, pcs.minimum_stock, rf.daily_use, rf.lead_time_days, flagged.runs_out, flagged.low_stock
          from (select a.product_id, bool_or(a.kind = 'runs_out') as runs_out, bool_or(a.kind = 'low_stock') as low_stock
                  from alerts a
                 where a.company_id = ${companyId}::uuid and a.resolved_at is null and a.dismissed_at is null and a.kind in ('runs_out', 'low_stock')
                 group by a.product_id) flagged
          join products p on p.id = flagged.product_id
          left join product_company_settings pcs on pcs.company_id = ${companyId}::uuid and pcs.product_id = p.id
          left join reorder_forecasts rf on rf.company_id = ${companyId}::uuid and rf.product_id = p.id and rf.daily_use > 0
          cross join lateral (
            select coalesce(floor(sum(s.units_left)), 0) as units_left from stocks s
             where s.company_id = ${companyId}::uuid and s.product_id = p.id and ${usableLot('s', today)}
          ) shelf
         order by shelf.units_left / rf.daily_use nulls last, shelf.units_left, p.name`,
  );
  return found.map((r) => ({
    productName: r.name,
    unitsLeft: Number(r.units_left),
    minimumStock: Number(r.minimum_stock ?? 0),
    dailyUse: r.daily_use === null ? null : Number(r.daily_use),
    leadTimeDays: r.lead_time_days === null ? null : Number(r.lead_time_days),
    runsOut: r.runs_out,
    lowStock: r.low_stock,
  }));
}

export interface ExpiringLot {
  productName: string;
  lotNumber: string;
  /** ISO day. */
  expiryDate: string;
  unitsLeft: number;
}

/** Available lots with units left expiring from today to before today + the window (the "expiring" alert's rule), soonest first. */
export async function lotsExpiring(db: DbOrTx, companyId: string, today: string, windowDays: number): Promise<ExpiringLot[]> {
  const found = await rowsOf<{ name: string; lot_number: string; expiry_date: string; units_left: string }>(
    db,
    sql`select p.name, s.lot_number, s.expiry_date::text as expiry_date, floor(s.units_left) as units_left
          from stocks s join products p on p.id = s.product_id
         where s.company_id = ${companyId}::uuid and ${usableLot('s', today)}
           and s.expiry_date < ${today}::date + ${windowDays}::int
         order by s.expiry_date, p.name, s.lot_number`,
  );
  return found.map((r) => ({ productName: r.name, lotNumber: r.lot_number, expiryDate: r.expiry_date, unitsLeft: Number(r.units_left) }));
}

/** The location's open suggested order: lines still to order (not removed, no problem, not ordered) and their value. */
export async function suggestedOrderWaiting(db: DbOrTx, companyId: string): Promise<{ lines: number; value: number }> {
  const [row] = await rowsOf<{ lines: number; value: string }>(
    db,
    sql`select count(l.id)::int as lines, coalesce(sum(l.quantity * l.price), 0) as value
          from suggested_orders o
          join suggested_order_lines l on l.suggested_order_id = o.id
         where o.company_id = ${companyId}::uuid and o.status = 'open'
           and not l.removed and l.problem is null and l.purchase_order_id is null`,
  );
  return { lines: Number(row?.lines ?? 0), value: Number(row?.value ?? 0) };
}

/** Whether a subscription has this token (the off link's confirm page). */
export async function tokenExists(db: DbOrTx, token: string): Promise<boolean> {
  const found = await rowsOf(db, sql`select 1 from reorder_digest_subscriptions where token = ${token} limit 1`);
  return found.length > 0;
}
