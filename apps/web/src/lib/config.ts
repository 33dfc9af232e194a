import { queryOptions } from '@tanstack/react-query';
import type { PublicConfig } from '@clinic/domain';
import { api } from './api-client';

/** The server's public settings (GET config): set when it starts, so read once a session. */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'] as const,
    queryFn: ({ signal }) => api.get<PublicConfig>('config', { signal }),
    staleTime: Infinity,
  });

/** A mailto: link to support naming the organization, so the team knows who writes. */
export function supportMailto(email: string, organizationName: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(`Onboarding meeting for ${organizationName}`)}`;
}
