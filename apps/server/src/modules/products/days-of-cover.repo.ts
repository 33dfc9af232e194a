import { and, eq, gt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { products, reorderForecasts } from '../../db/schema/index';
import { usableUnits } from '../../db/usable-lots';

// Days of cover in the product lists (issue 35): the units a location can use now over the daily
// use of the reorder job's forecast (reorder_forecasts, one row per product it uses). The shelf is
// read at the moment of the request, the forecast is the job's of the night.

/** The reader's location, as a value or as a placeholder of a prepared statement. */
type Location = string | SQLWrapper;

/** Joins a product to its forecast at the location, only when the forecast has use (the partial index of forecasts with use). */
export function forecastWithUse(companyId: Location): SQL {
  return and(eq(reorderForecasts.companyId, companyId), eq(reorderForecasts.productId, products.id), gt(reorderForecasts.dailyUse, 0))!;
}

/** Days of cover to one decimal, for a statement that joins reorder_forecasts on forecastWithUse. */
export function coverOfJoinedForecast(companyId: Location, today: string | SQLWrapper): SQL<number> {
  return sql<number>`round(${usableUnits(companyId, products.id, today)} / ${reorderForecasts.dailyUse}, 1)`.mapWith(Number);
}

/** Days of cover to one decimal, on its own: null without a forecast or when the forecast uses nothing. */
export function daysOfCover(companyId: Location, today: string | SQLWrapper): SQL<number | null> {
  return sql<number | null>`(select round(${usableUnits(companyId, products.id, today)} / rf.daily_use, 1) from ${reorderForecasts} rf
                              where rf.company_id = ${companyId} and rf.product_id = ${products.id} and rf.daily_use > 0)`.mapWith(Number);
}

/** No forecast with use at the location: the products a sort by days of cover puts last. */
export function withoutForecast(companyId: Location): SQL {
  return sql`not exists (select 1 from ${reorderForecasts} rf where rf.company_id = ${companyId} and rf.product_id = ${products.id} and rf.daily_use > 0)`;
}
