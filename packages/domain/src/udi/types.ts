/** What one scan of a medical supply label says, whichever standard printed it. */
export interface Udi {
  standard: 'gs1' | 'hibc' | 'plain';
  /**
   * The product: the GTIN-14 (GS1), LIC + product number (HIBC) or the code as scanned (plain).
   * Empty for an HIBC secondary label, which names no product (only its link character does).
   */
  productId: string;
  gtin?: string;
  hibc?: { lic: string; product: string; unit: string };
  /** HIBC secondary label on its own: the check character of the primary it belongs to. */
  hibcLink?: string;
  lot?: string;
  serial?: string;
  /** ISO yyyy-mm-dd. */
  expiry?: string;
  quantity?: number;
}

export type UdiResult = { ok: true; udi: Udi } | { ok: false; message: string };
