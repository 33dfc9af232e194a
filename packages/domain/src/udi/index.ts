import { GS, readGs1 } from './gs1';
import { hibcCheckCharacter, readHibc } from './hibc';
import type { Udi, UdiResult } from './types';

export { GS1_AIS, type AiSpec } from './gs1-table';
export { gs1CheckDigitValid } from './gs1';
export { hibcCheckCharacter } from './hibc';
export type { Udi, UdiResult } from './types';

/** Symbology identifiers (ISO/IEC 15424) that announce GS1 data: GS1-128, DataBar, DataMatrix, QR, DotCode. */
const GS1_SYMBOLOGIES = /^\](C1|e0|e1|e2|d2|Q3|J1)/;
const ANY_SYMBOLOGY = /^\][A-Za-z][0-9A-Za-z]/;

/**
 * Reads whatever a scanner sent: a GS1 element string (raw with FNC1/GS separators, with a
 * symbology identifier, or in the (AI) bracket form), an HIBC label (+...), or else a plain
 * barcode (EAN/UPC, Code 128) that only names a product. A damaged GS1 or HIBC code comes back
 * as an error with a message for the user, never as a half-read product.
 */
export function readUdi(scanned: string): UdiResult {
  // Only line ends are dropped at the end: a space is a valid HIBC check character.
  const raw = scanned.trimStart().replace(/[\r\n\t]+$/, '');
  const gs1Prefix = GS1_SYMBOLOGIES.exec(raw);
  const text = raw.replace(ANY_SYMBOLOGY, '');
  if (gs1Prefix || text.startsWith(GS) || /^\(\d{2,4}\)/.test(text)) return readGs1(text.trimEnd());
  if (text.startsWith('+') && text.length > 2) return readHibc(text);
  // Without prefix or FNC1: a GTIN (01) followed by more fields is GS1-128 typed by a hand scanner.
  if (/^01\d{14}./.test(text) || text.includes(GS)) return readGs1(text.trimEnd());
  const plain = text.trim();
  if (!plain) return { ok: false, message: 'The scan was empty' };
  return { ok: true, udi: { standard: 'plain', productId: plain } };
}

/** The shorter EAN-13 / UPC-A forms a GTIN-14 is printed as. */
function gtinForms(code: string): string[] {
  const forms = new Set([code]);
  if (/^\d{14}$/.test(code) && code.startsWith('0')) forms.add(code.slice(1));
  if (/^\d{14}$/.test(code) && code.startsWith('00')) forms.add(code.slice(2));
  if (/^\d{13}$/.test(code) && code.startsWith('0')) forms.add(code.slice(1));
  return [...forms];
}

/**
 * The codes a product's barcode or manufacturer code may hold for this scan: a GTIN as GTIN-14,
 * EAN-13 or UPC-A; an HIBC product as LIC + product number, with the unit of measure, or as the
 * whole primary label with its check character.
 */
export function udiCodes(udi: Udi): string[] {
  if (udi.standard === 'hibc') {
    if (!udi.hibc) return [];
    const primary = `${udi.productId}${udi.hibc.unit}`;
    const check = hibcCheckCharacter(`+${primary}`) ?? '';
    return [udi.productId, primary, `${primary}${check}`, `+${primary}${check}`];
  }
  return udi.productId ? gtinForms(udi.productId) : [];
}

/** The codes of a scan, or of a product's own barcode read as a scan. */
export function scanCodes(scanned: string): string[] {
  const read = readUdi(scanned);
  return read.ok ? udiCodes(read.udi) : [];
}

/** Whether a product with this barcode (or manufacturer code) is the product the scan names. */
export function scanMatchesCode(udi: Udi, code: string): boolean {
  const mine = udiCodes(udi).map((c) => c.toUpperCase());
  if (mine.length === 0 || !code.trim()) return false;
  const theirs = scanCodes(code).map((c) => c.toUpperCase());
  return theirs.some((c) => mine.includes(c)) || mine.includes(code.trim().toUpperCase());
}

/** The codes a catalog product is known by, as a scan is compared with them. */
export interface ProductCodes {
  /** A GTIN / EAN / UPC, or an HIBC primary (without the `+`). */
  barcode: string;
  /** Where an HIBC product keeps its labeler code + product number (docs/decisions.md, Scanning labels). */
  manufacturer_code?: string | undefined;
}

/**
 * The product codes an HIBC label is compared with: the manufacturer code, and the barcode when it
 * may hold an HIBC primary (a numeric barcode is a GTIN/EAN, which no HIBC label names).
 */
function hibcCodesOf(product: ProductCodes): string[] {
  const barcode = /^\d+$/.test(product.barcode.trim()) ? '' : product.barcode;
  return [product.manufacturer_code ?? '', barcode].filter((code) => code.trim() !== '');
}

/**
 * Whether the scan names this product: a GS1 or plain code by the product's barcode, an HIBC
 * label (labeler code + product number) by its manufacturer code (with or without the labeler
 * code) or a barcode holding the primary.
 */
export function scanMatchesProduct(udi: Udi, product: ProductCodes): boolean {
  if (udi.standard === 'hibc') {
    // Catalogs often keep the manufacturer's catalog number alone, the label's product number.
    const catalogNumber = udi.hibc?.product.toUpperCase();
    return hibcCodesOf(product).some((code) => scanMatchesCode(udi, code) || code.trim().toUpperCase() === catalogNumber);
  }
  return scanMatchesCode(udi, product.barcode);
}

/**
 * Whether a scan names another product than this one. A GS1 or plain code is held against the
 * barcode, an HIBC label against the manufacturer code and a non-numeric barcode; a product
 * without the codes to compare with is not refused.
 */
export function scanIsOtherProduct(udi: Udi, product: ProductCodes): boolean {
  if (!udi.productId) return false;
  if (udi.standard === 'hibc') return hibcCodesOf(product).length > 0 && !scanMatchesProduct(udi, product);
  return product.barcode.trim() !== '' && !scanMatchesCode(udi, product.barcode);
}

/**
 * The text to search the catalog with for a scan: the shortest code, which the other forms all
 * contain (UPC-A inside the GTIN-14, LIC + product number inside the HIBC primary).
 */
export function scanSearchTerm(udi: Udi): string {
  const codes = udiCodes(udi);
  return codes.length === 0 ? udi.productId : codes.reduce((a, b) => (b.length < a.length ? b : a));
}

