import {
  DEFAULT_REVIEW_DAYS,
  DEFAULT_SERVICE_LEVEL,
  FORECAST_METHOD_LABELS,
  REORDER_HISTORY_DAYS,
  daysOfCover,
  forecastDemand,
  learnLeadTime,
  orderQuantity,
  reorderLevels,
  type PinReorderLevels,
  type ProductReorder,
  type ReorderSettings,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { currentCompanyId } from '../../core/access';
import { notFound } from '../../core/errors';
import { isoDay } from '../../clock';
import { findProductWithNames } from '../products/products.reads';
import { refreshAlerts } from '../alerts/alerts.writes';
import { recordAudit } from '../audit/audit.writes';
import { scheduledUse, useWithin } from '../pms/upcoming.reads';
import { companiesToForecast, dailyUse, savePinnedLevels, saveSettings, leadTimeSamples, leadTimeSamplesBySupplier, planFacts, replaceForecasts, settingsOf, shelfFacts, useInWindow, type ForecastRow, type ReorderSettingsRow } from './reorder.repo';

const DAY_MS = 86_400_000;
const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/** The ISO days from `days` days before `today` to yesterday, oldest first. */
export function historyDays(today: Date, days: number): string[] {
  return Array.from({ length: days }, (_v, i) => isoDay(new Date(today.getTime() - (days - i) * DAY_MS)));
}

/** What booked appointments take within the lead time, and within it and the review period (none: null). */
function scheduledOver(days: { day: string; units: number }[] | undefined, today: string, leadDays: number, reviewDays: number) {
  if (!days?.length) return null;
  return { leadTime: useWithin(days, today, leadDays), withReview: useWithin(days, today, leadDays + reviewDays) };
}

function settingsView(saved: ReorderSettingsRow | null): ReorderSettings {
  return { service_level: saved?.serviceLevel ?? DEFAULT_SERVICE_LEVEL, review_days: saved?.reviewDays ?? DEFAULT_REVIEW_DAYS, auto_send_under: saved?.autoSendUnder ?? null };
}

/**
 * Reordering from use and lead time (issue 35; docs/decisions.md, Reorder forecast and policy):
 * the forecast, the learned lead time and the levels of one product at the signed-in location,
 * with the pure code the bench replays (packages/domain/src/reorder).
 */
export function createReorderService(deps: ServiceDeps) {
  const { db } = deps;

  /** One product's reorder facts, computed now (the product page's Reorder panel). */
  async function product(actor: Actor, productId: string): Promise<ProductReorder> {
    const companyId = currentCompanyId(actor);
    if (!(await findProductWithNames(db, { companyId }, productId))) throw notFound();
    const now = deps.now();
    const days = historyDays(now, REORDER_HISTORY_DAYS);
    const [used, shelf] = await Promise.all([dailyUse(db, companyId, productId, days[0]!, days[days.length - 1]!), shelfFacts(db, companyId, productId, isoDay(now))]);
    const history = days.map((day) => ({ day, units: used.get(day) ?? 0 }));
    const forecast = forecastDemand(history.map((h) => h.units));
    const leadTime = learnLeadTime(shelf.lastSupplierId ? await leadTimeSamples(db, companyId, shelf.lastSupplierId) : []);
    const [settings, facts, booked] = await Promise.all([settingsOf(db, companyId), planFacts(db, companyId, [productId]), scheduledUse(db, companyId, isoDay(now), productId)]);
    const serviceLevel = settings?.serviceLevel ?? DEFAULT_SERVICE_LEVEL;
    const reviewDays = settings?.reviewDays ?? DEFAULT_REVIEW_DAYS;
    const scheduled = scheduledOver(booked.get(productId), isoDay(now), leadTime.days, reviewDays);
    const levels = reorderLevels({ forecast, leadTime, serviceLevel, reviewDays, minimumStock: shelf.minimumStock, pinned: facts.get(productId)?.pinned ?? null, scheduled });
    const cover = daysOfCover(shelf.usableUnits, forecast, leadTime);
    const packSize = shelf.lastUnitsPerContainer;
    const unitPrice = shelf.lastPricePerContainer !== null && packSize ? shelf.lastPricePerContainer / packSize : undefined;
    const suggestion = packSize === null ? null : orderQuantity({ onHand: shelf.usableUnits, onOrder: shelf.onOrderUnits, levels, packSize, ...(unitPrice === undefined ? {} : { unitPrice }) });
    const reasons = [forecast.reason, leadTime.reason, levels.reason, suggestion?.reason, packSize === null && levels.reorderPoint >= shelf.usableUnits + shelf.onOrderUnits ? 'Never received here: no supplier or pack to order from yet' : undefined].filter((r): r is string => Boolean(r));
    return {
      product_id: productId,
      method: forecast.method,
      method_label: FORECAST_METHOD_LABELS[forecast.method],
      daily_use: round(forecast.dailyMean, 3),
      history,
      usable_units: round(shelf.usableUnits, 3),
      on_order_units: round(shelf.onOrderUnits, 3),
      minimum_stock: shelf.minimumStock,
      lead_time: { days: round(leadTime.days, 1), learned: leadTime.learned, samples: leadTime.samples, supplier_name: shelf.lastSupplierName },
      reorder_point: levels.reorderPoint,
      order_up_to: levels.orderUpTo,
      safety_stock: round(levels.safetyStock, 1),
      source: levels.source,
      service_level: serviceLevel,
      pinned: facts.get(productId)?.pinned ? { reorder_point: facts.get(productId)!.pinned!.reorderPoint, order_up_to: facts.get(productId)!.pinned!.orderUpTo } : null,
      review_days: reviewDays,
      days_of_cover: cover.days === null ? null : round(cover.days, 1),
      runs_out_before_delivery: cover.runsOutBeforeDelivery,
      suggested_units: suggestion?.units ?? 0,
      pack_size: packSize,
      reasons,
    };
  }

  /** One location's forecasts replaced and its alerts refreshed; the number of forecasts written. */
  /** `today`: the location's own day (issue 53: the nightly job passes it); the UTC day otherwise. */
  async function forecastCompany(companyId: string, now: Date, today = isoDay(now)): Promise<number> {
    const days = historyDays(new Date(`${today}T00:00:00Z`), REORDER_HISTORY_DAYS);
    const index = new Map(days.map((d, i) => [d, i]));
    const use = await useInWindow(db, companyId, days[0]!, days[days.length - 1]!);
    const series = new Map<string, number[]>();
    for (const row of use) {
      const at = index.get(row.day);
      if (at === undefined) continue;
      const history = series.get(row.productId) ?? new Array<number>(days.length).fill(0);
      history[at] = (history[at] ?? 0) + row.units;
      series.set(row.productId, history);
    }
    const [settings, facts, samples, booked] = await Promise.all([settingsOf(db, companyId), planFacts(db, companyId, [...series.keys()]), leadTimeSamplesBySupplier(db, companyId), scheduledUse(db, companyId, today)]);
    const reviewDays = settings?.reviewDays ?? DEFAULT_REVIEW_DAYS;
    const forecasts: ForecastRow[] = [];
    for (const [productId, history] of series) {
      const forecast = forecastDemand(history);
      if (forecast.method === 'none') continue;
      const fact = facts.get(productId);
      const leadTime = learnLeadTime(fact?.lastSupplierId ? (samples.get(fact.lastSupplierId) ?? []) : []);
      const levels = reorderLevels({
        forecast,
        leadTime,
        serviceLevel: settings?.serviceLevel ?? DEFAULT_SERVICE_LEVEL,
        reviewDays,
        minimumStock: fact?.minimumStock ?? 0,
        pinned: fact?.pinned ?? null,
        scheduled: scheduledOver(booked.get(productId), today, leadTime.days, reviewDays),
      });
      forecasts.push({ productId, method: forecast.method, dailyUse: round(forecast.dailyMean, 4), leadTimeDays: round(leadTime.days, 1), reorderPoint: levels.reorderPoint, orderUpTo: levels.orderUpTo });
    }
    await db.transaction(async (tx) => {
      await replaceForecasts(tx, companyId, forecasts, now);
      await refreshAlerts(tx, { companyId }, { today, expiryWindowDays: deps.alertExpiryWindowDays });
    });
    return forecasts.length;
  }

  return {
    product,

    async settings(actor: Actor): Promise<ReorderSettings> {
      return settingsView(await settingsOf(db, currentCompanyId(actor)));
    },

    /** The location's service level and review period; the next forecasts (and the product page now) use them. */
    async saveSettings(actor: Actor, body: ReorderSettings): Promise<ReorderSettings> {
      const companyId = currentCompanyId(actor);
      await db.transaction(async (tx) => {
        const autoSend = body.auto_send_under === undefined ? undefined : body.auto_send_under === null ? null : { under: body.auto_send_under, by: actor.userId };
        await saveSettings(tx, companyId, { serviceLevel: body.service_level, reviewDays: body.review_days }, autoSend);
        await recordAudit(tx, actor, { entity: 'reorder_settings', entityId: companyId, action: 'update', organizationId: actor.organizationId, companyId, changes: { ...body } });
      });
      return settingsView(await settingsOf(db, companyId));
    },

    /** A product's levels set by hand at the location (null: follow the forecast again). */
    async pinLevels(actor: Actor, productId: string, body: PinReorderLevels | null): Promise<ProductReorder> {
      const companyId = currentCompanyId(actor);
      if (!(await findProductWithNames(db, { companyId }, productId))) throw notFound();
      await db.transaction(async (tx) => {
        await savePinnedLevels(tx, companyId, productId, body ? { reorderPoint: body.reorder_point, orderUpTo: body.order_up_to } : null);
        await recordAudit(tx, actor, { entity: 'product', entityId: productId, action: body ? 'pin_reorder_levels' : 'unpin_reorder_levels', organizationId: actor.organizationId, companyId, changes: body ? { ...body } : {} });
      });
      return product(actor, productId);
    },

    /**
     * The daily job (and the Refresh of the reorder page): every location's forecasts of the
     * products it used in the last twelve weeks, replaced, then its alerts refreshed so the "runs
     * out" alert follows. A location at a time; two runs at once write the same rows.
     */
    async refreshForecasts(): Promise<number> {
      const now = deps.now();
      let written = 0;
      for (const companyId of await companiesToForecast(db, historyDays(now, REORDER_HISTORY_DAYS)[0]!)) written += await forecastCompany(companyId, now);
      return written;
    },

    /**
     * One location's forecasts and alerts refreshed now (the suggested orders' Draft now button, the
     * nightly per-location job, which passes the location's own day as `today`).
     */
    refreshCompany: (companyId: string, today?: string) => forecastCompany(companyId, deps.now(), today),

    /** The locations the nightly forecasts are for: use in the last twelve weeks, or forecasts to replace (issue 53: a job each). */
    companiesToForecast: () => companiesToForecast(db, historyDays(deps.now(), REORDER_HISTORY_DAYS)[0]!),
  };
}

export type ReorderService = ReturnType<typeof createReorderService>;
