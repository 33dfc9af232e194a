import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tourReminderDate, type Page, type Product, type Profile, type UpdateUserRequest, type User } from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/profile';

/** The two choices that last beyond this sign-in (spec section 4). */
export type TourChoice = 'hide' | 'remind';

export function tourChoiceBody(choice: TourChoice, now: Date): UpdateUserRequest {
  return choice === 'hide' ? { hideTour: true } : { remindTourAfter: tourReminderDate(now) };
}

/** Saves a choice on the user's own account (PATCH user/{id}) and puts it in the cached profile. */
export function useSaveTourChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, choice }: { userId: string; choice: TourChoice }) => api.patch<User>(`user/${userId}`, tourChoiceBody(choice, new Date())),
    onSuccess: (user) => {
      queryClient.setQueryData<Profile>(authKeys.profile(), (profile) =>
        profile ? { ...profile, hideTour: user.hideTour, remindTourAfter: user.remindTourAfter } : profile,
      );
    },
  });
}

/**
 * A product whose Stock Room the tour can open: one with stock at the user's location when there
 * is one (an empty Stock Room says little), else any product; null without products.
 */
export async function findTourProductId(): Promise<string | null> {
  const first = (query: Record<string, string | number | boolean>) =>
    api.get<Page<Product>>('product/v2', { query: { currentPage: 1, perPage: 1, ...query } }).then((page) => page.results[0]?.id ?? null);
  return (await first({ in_stock_only: true })) ?? (await first({}));
}
