/**
 * The stock texts and lot standings the web shows, without zod: stock.ts re-exports them beside
 * its schemas, and the chair's page loads without building any schema (issue 37).
 */

/** Spec sections 5, 8 and 9 word these; the rest are ours (docs/decisions.md). */
export const STOCK_MESSAGES = {
  added: 'Stock added',
  updated: 'Stock updated',
  deleted: 'Stock Deleted!',
  createFailed: 'Failed to create stock!',
  updateFailed: 'Failed to update stock!',
  deleteFailed: 'Failed to delete stock',
  deleteConfirm: 'Any consumed units will not be deleted and only unconsumed units will be deleted. Are you sure you want to continue?',
  remainingBelowZero: 'Units remaining should not be less than 0',
  remainingTooHigh: 'Cannot exceed more than the current units remaining',
  serialRequired: 'serial number is required',
  quantityMin: 'Quantity cannot be less than 1',
  quantityRequired: 'Quantity is required',
  containersMin: 'Stock Should be greater than 0',
  priceMin: 'Price Per Container Should be greater than 0',
  unitsPerContainerMin: 'Units Per Container Should be greater than 0',
  wholeNumber: 'Enter a whole number',
  expiryInPast: 'The expiry date cannot be in the past',
  noteTooLong: 'The note can be at most 300 characters',
  consumedOrRemaining: 'Enter units consumed or units remaining, not both',
  serialLotsDisposableOnly: 'Serial lots are for disposable products only',
  serialLotsAddOnly: 'Serial lots can only be entered when adding stock',
  consumableUnitsPerContainer: 'A consumable product is counted in units: units per container is 1',
  noUnitsLeft: 'No units are left in this stock',
  consumed: 'Consumption recorded',
  /** Issue 52: a use recorded at /inventory without a network. */
  useQueued: 'Kept on this device: the use will be sent when the network is back.',
  consumeQuantityMin: 'Enter a quantity of at least 0.001',
  notEnoughStock: (product: string) => `${product} - Not enough stock`,
  expiredStock: (product: string) => `${product} - Expired stock`,
  /** Issue 20: a lot named at the chair that is recalled or quarantined is never used. */
  recalledStock: (product: string) => `${product} - Recalled stock`,
  quarantinedStock: (product: string) => `${product} - Quarantined stock`,
  /** Issue 50: a refusal names the lot that stops it, when the lot has a number. */
  lotRecalled: (product: string, lot: string) => `${product} - Lot ${lot} is recalled`,
  lotQuarantined: (product: string, lot: string) => `${product} - Lot ${lot} is quarantined`,
  stockIssue: (product: string) => `${product} - Stock issue`,
  trayIssue: 'There are stock issues with products in the tray. Please check and add stock to execute the treatment',
  cameraPermission: 'Camera permission is required for barcode',
  scanUnsupported: 'Barcode Scanning not supported in this platform',
  scanError: 'Error Scanning Barcode, Your Platform might not be supported',
} as const;

/** A lot's standing: recalled and quarantined lots stay on the books but are never consumed. */
export const LOT_STATUSES = ['available', 'quarantined', 'recalled'] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];

export const LOT_STATUS_LABELS: Record<LotStatus, string> = { available: 'Available', quarantined: 'Quarantined', recalled: 'Recalled' };
