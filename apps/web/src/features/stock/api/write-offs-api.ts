import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisposeStockRequest, ReturnStockRequest, Stock } from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { useInvalidateStock } from './stock-api';

/** A write-off moves the lot's grid, its alerts and searches, and the waste report. */
function useInvalidateWriteOff() {
  const queryClient = useQueryClient();
  const invalidateStock = useInvalidateStock();
  return () => Promise.all([invalidateStock(), queryClient.invalidateQueries({ queryKey: ['reports'] })]);
}

/** Issue 20: units written off a lot; the answer is the lot after. Its grid, alerts and searches follow. */
export function useDisposeStock() {
  const invalidate = useInvalidateWriteOff();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: DisposeStockRequest }) => api.post<Stock>(`stock/${id}/dispose`, body), onSuccess: invalidate });
}

/** Units sent back to the supplier, with the credit and the supplier's reference. */
export function useReturnStock() {
  const invalidate = useInvalidateWriteOff();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: ReturnStockRequest }) => api.post<Stock>(`stock/${id}/return`, body), onSuccess: invalidate });
}
