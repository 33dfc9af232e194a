import { createContext, useContext } from 'react';
import type { TourChoice } from '../api/tour-api';

/** How the tooltip, which react-joyride renders in its own portal, reaches the tour's owner. */
export const TourChoiceContext = createContext<((choice: TourChoice) => void) | null>(null);

export function useTourChoice(): (choice: TourChoice) => void {
  const choose = useContext(TourChoiceContext);
  if (!choose) throw new Error('useTourChoice must be used inside <TourChoiceContext>');
  return choose;
}
