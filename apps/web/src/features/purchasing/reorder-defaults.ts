import { containersToReachMinimum, DEFAULT_RUNNING_LIST_QUANTITY, type RunningList } from '@clinic/domain';
import { unitCount } from '../../lib/format';

/** What the Add to Running List dialog starts from when a low-stock alert opens it. */
export interface RunningListDefaults {
  supplier: { id: string; name: string } | null;
  /** Containers: the unit the dialog asks for. */
  quantity: number;
  /** Says how the quantity was reached, under the field. */
  hint: string;
}

export interface LowStockFacts {
  unitsInStock: number;
  minimum: number;
  /** From the product's newest receipt here; null when never received (packing unknown). */
  lastReceipt: { supplier: { id: string; name: string } | null; units_per_container: number } | null;
}

const containers = (n: number) => `${String(n)} ${n === 1 ? 'container' : 'containers'}`;

/**
 * Containers that bring the stock back to its minimum, at least 1. The dialog counts containers,
 * so the units short are divided by the newest receipt's units per container and rounded up;
 * without a receipt the packing is unknown and the quantity stays at the usual default.
 */
export function runningListDefaultsFor(facts: LowStockFacts): RunningListDefaults {
  const short = Math.max(0, facts.minimum - facts.unitsInStock);
  const shortText = `${unitCount(short)} short of the minimum of ${String(facts.minimum)}`;
  const receipt = facts.lastReceipt;
  if (!receipt) return { supplier: null, quantity: DEFAULT_RUNNING_LIST_QUANTITY, hint: `${shortText}; units per container not known yet` };
  const perContainer = Math.max(1, receipt.units_per_container);
  const quantity = Math.max(1, containersToReachMinimum(facts.minimum, facts.unitsInStock, perContainer));
  const hint = perContainer === 1 ? shortText : `${shortText}: ${containers(quantity)} of ${unitCount(perContainer)}`;
  return { supplier: receipt.supplier, quantity, hint };
}

/** The supplier's newest open list: where adding by supplier puts a product (docs/decisions.md). */
export function newestOpenListOf(lists: RunningList[], supplierId: string): RunningList | undefined {
  return lists.filter((l) => l.supplier.id === supplierId && l.ordered_at === null).sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
}
