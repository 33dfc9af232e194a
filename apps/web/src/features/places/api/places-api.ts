import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePlaceRequest, Place, RenamePlaceRequest } from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { placeKeys } from '../../../lib/places';

/** Issue 34: a location admin names, renames and retires storage places; every place list follows. */
function useInvalidatePlaces() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: placeKeys.all });
}

export function useCreatePlace() {
  const invalidate = useInvalidatePlaces();
  return useMutation({ mutationFn: (body: CreatePlaceRequest) => api.post<Place>('places', body), onSuccess: invalidate });
}

export function useRenamePlace() {
  const invalidate = useInvalidatePlaces();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: RenamePlaceRequest }) => api.patch<Place>(`places/${id}`, body), onSuccess: invalidate });
}

export function useRetirePlace() {
  const invalidate = useInvalidatePlaces();
  return useMutation({ mutationFn: (id: string) => api.post<Place>(`places/${id}/retire`), onSuccess: invalidate });
}
