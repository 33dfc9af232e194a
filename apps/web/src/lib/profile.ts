import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@clinic/domain';
import { api } from './api-client';
import { setLocationTimeZone } from './location-time';

export const authKeys = {
  all: ['auth'] as const,
  profile: () => [...authKeys.all, 'profile'] as const,
};

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.profile(),
    queryFn: async ({ signal }) => {
      const profile = await api.get<Profile>('auth/profile', { signal });
      // Dates on every screen follow the location's clock (lib/location-time.ts).
      setLocationTimeZone(profile.company?.time_zone ?? null);
      return profile;
    },
    staleTime: 60_000,
  });

/**
 * Whether the signed-in user's organization may be asked for its data: the profile has arrived
 * and the organization is approved (the product admin has none). Before that every call but the
 * profile's answers 403, so the layout and its queries wait on this.
 */
export function organizationOpen(profile: Profile | undefined): boolean {
  if (!profile) return false;
  return profile.role === 'admin' || !profile.company || profile.company.organization.approvalStatus === 'approved';
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}

export function fullName(person: { first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`.trim();
}

export function initials(person: { first_name: string; last_name: string }): string {
  return `${person.first_name.charAt(0)}${person.last_name.charAt(0)}`.toUpperCase();
}

export function locationLine(place: { city: string; state: string }): string {
  return [place.city, place.state].filter(Boolean).join(', ');
}
