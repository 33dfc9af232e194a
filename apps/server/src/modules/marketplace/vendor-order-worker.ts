import type { FastifyBaseLogger } from 'fastify';
import type { MarketplaceService } from './marketplace.service';

/**
 * Follows distributor orders on a timer: sends again the ones whose vendor was not reached and
 * reads the status and shipment of the others. Safe in several processes (marketplace.service.ts).
 */
export function startVendorOrderWorker(marketplace: MarketplaceService, log: FastifyBaseLogger, intervalMs = 5 * 60_000): { stop(): void } {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await marketplace.refreshOrders();
    } catch (error) {
      log.error({ err: error }, 'vendor order refresh failed');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return { stop: () => { clearInterval(timer); } };
}
