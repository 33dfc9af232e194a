import { createContext, useContext } from 'react';

export interface TourControls {
  /** Starts the tour from its first step, whatever the user chose before (Profile's button). */
  start: () => void;
  running: boolean;
}

export const TourContext = createContext<TourControls | null>(null);

export function useGuidedTour(): TourControls {
  const controls = useContext(TourContext);
  if (!controls) throw new Error('useGuidedTour must be used inside <TourProvider>');
  return controls;
}
