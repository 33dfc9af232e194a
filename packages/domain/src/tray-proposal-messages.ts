/**
 * Issue 55: the texts and rules of the tray proposed from a visit's words, without zod (the chair
 * shows them and loads no schema before it renders: issue 37). tray-proposal.ts re-exports them
 * beside its schemas.
 */

export const TRAY_PROPOSAL_MESSAGES = {
  noteRequired: 'Type the case note first',
  noSource: 'This visit has no case note or transcript to propose from',
  nothingProposed: 'Nothing in the note names a product of this location with certainty.',
  draftOnly: 'A draft: nothing leaves stock until you save the visit.',
  accepted: 'Added to the tray',
} as const;

/** Where the words of a proposal came from: typed at the chair, or a saved visit's case note or transcript. */
export const TRAY_PROPOSAL_SOURCES = ['note', 'case_notes', 'transcript'] as const;
export type TrayProposalSource = (typeof TRAY_PROPOSAL_SOURCES)[number];

/** Who proposed: the local matcher, or an OpenAI-compatible endpoint whose lines were checked. */
export const TRAY_PROPOSAL_ENGINES = ['local', 'openai'] as const;
export type TrayProposalEngine = (typeof TRAY_PROPOSAL_ENGINES)[number];

/** The longest note a proposal reads (a visit's case notes are at most this long too). */
export const TRAY_PROPOSAL_NOTE_MAX = 20_000;

/**
 * The unit a product's stock is counted in, as a proposal's quantity is: items and cartridges one by
 * one; anything measured (ml, grams) by its container (a tube, a bottle, a vial), in fractions.
 */
export function stockUnitOf(product: { basic_unit: string; container: string }): string {
  if (product.basic_unit === 'item' || product.basic_unit === 'cartridge') return product.basic_unit;
  return product.container === 'unit' || product.container === 'each' ? product.basic_unit : product.container;
}
