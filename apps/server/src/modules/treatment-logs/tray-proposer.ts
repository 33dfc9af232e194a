import { proposeTray, type CaseNoteCatalogEntry, type CaseNoteDesignLine, type ProposedLine, type TrayProposalEngine } from '@clinic/domain';

export interface TrayProposerInput {
  note: string;
  /** The location's catalog: the only products a proposal may name. */
  catalog: readonly CaseNoteCatalogEntry[];
  /** The chosen treatments' design lines, preferred when the note is ambiguous. */
  design: readonly CaseNoteDesignLine[];
}

export interface TrayProposerAnswer {
  engine: TrayProposalEngine;
  lines: ProposedLine[];
  /** Lines an outside service answered that failed the checks and were left out. */
  dropped: number;
}

/**
 * The outside service behind the tray a case note proposes (issue 55): the local matcher by
 * default, or an OpenAI-compatible endpoint (tray-proposer-ai.ts) whose answer is checked against
 * the catalog and the note. Either way it only proposes; lots are picked by the ledger's rule.
 */
export interface TrayProposer {
  propose(input: TrayProposerInput): Promise<TrayProposerAnswer>;
}

/** The local matcher over the catalog's names, brands, sizes and shades: works with no AI key. */
export function createLocalTrayProposer(): TrayProposer {
  return {
    propose: ({ note, catalog, design }) => Promise.resolve({ engine: 'local', lines: proposeTray(note, catalog, { design }), dropped: 0 }),
  };
}
