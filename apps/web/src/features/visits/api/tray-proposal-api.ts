import { useMutation } from '@tanstack/react-query';
import type { TrayProposal, TrayProposalRequest } from '@clinic/domain';
import { api } from '../../../lib/api-client';

/** What a proposal reads: the note typed at the chair with the treatments chosen, or a saved visit's case note or transcript. */
export type TrayProposalSource = { kind: 'note'; request: TrayProposalRequest } | { kind: 'visit'; visitId: string };

/**
 * Issue 55: the tray a visit's words propose. A mutation, asked for with the button: the note
 * changes as it is typed, and a proposal is a draft that writes nothing (saving the visit does).
 */
export function useProposeTray() {
  return useMutation({
    mutationKey: ['visits', 'tray-proposal'],
    mutationFn: (source: TrayProposalSource) =>
      source.kind === 'note' ? api.post<TrayProposal>('treatment_log/tray-proposal', source.request) : api.get<TrayProposal>(`treatment_log/${source.visitId}/tray-proposal`),
  });
}
