import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Profile } from '@clinic/domain';
import { api } from './api-client';
import { locationTimeZone, setLocationTimeZone } from './location-time';

export const authKeys = {
  all: ['auth'] as const,
  profile: () => [...authKeys.all, 'profile'] as const,
};

/**
 * The location's time zone, remembered for the chair offline (issue 52), when the profile cannot
 * come: its "as of" and "today" stay on the location's clock. In localStorage, which sign-out clears.
 */
const LOCATION_ZONE_KEY = 'location_time_zone';

function rememberLocationZone(locationId: string | null, zone: string | null): void {
  if (locationId && zone) localStorage.setItem(LOCATION_ZONE_KEY, JSON.stringify({ locationId, zone }));
  else localStorage.removeItem(LOCATION_ZONE_KEY);
}

/** Offline before the profile came: the zone remembered for this location (the token's), if any. */
export function useRememberedLocationZone(locationId: string | null): void {
  if (!locationId || locationTimeZone() !== null) return;
  try {
    const kept = JSON.parse(localStorage.getItem(LOCATION_ZONE_KEY) ?? 'null') as { locationId?: unknown; zone?: unknown } | null;
    if (kept?.locationId === locationId && typeof kept.zone === 'string') setLocationTimeZone(kept.zone);
  } catch {
    // Unreadable: times show in the device's zone until the profile comes.
  }
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.profile(),
    queryFn: async ({ signal }) => {
      const profile = await api.get<Profile>('auth/profile', { signal });
      // Dates on every screen follow the location's clock (lib/location-time.ts).
      setLocationTimeZone(profile.company?.time_zone ?? null);
      rememberLocationZone(profile.company?.id ?? null, profile.company?.time_zone ?? null);
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

/**
 * The profile, and whether a page is drawn without it (issue 52): offline it cannot come, so the
 * page is drawn from the token's claims; and once drawn it stays drawn while the profile is asked
 * as the network comes back, or if that fails, since a loader or a redirect in its place would
 * unmount the page and lose a visit being entered at the chair. The server still checks every call.
 */
export function useProfileOrClaims() {
  const profile = useProfile();
  const offline = profile.isPending && profile.fetchStatus === 'paused';
  const [drawnOffline, setDrawnOffline] = useState(offline);
  if (offline && !drawnOffline) setDrawnOffline(true);
  if (profile.data && drawnOffline) setDrawnOffline(false);
  return { profile, offline, withoutProfile: profile.data === undefined && (offline || drawnOffline) };
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
