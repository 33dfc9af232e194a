import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccessTokenResponse, SwitchLocationRequest } from '@clinic/domain';
import { api } from '../../lib/api-client';
import { setToken } from '../../lib/auth-token';

/** The new token carries the chosen location; every cached list belonged to the old one. */
export function useSwitchLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SwitchLocationRequest) => api.post<AccessTokenResponse>('auth/switch-locations', body),
    onSuccess: async ({ access_token }) => {
      setToken(access_token);
      await queryClient.invalidateQueries();
    },
  });
}
