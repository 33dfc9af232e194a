/**
 * Demo storage places at Downtown (issue 34): the rooms its stock sits in besides the default
 * "Main storage", and units the staff moved there in the past weeks. Lot numbers are Downtown's
 * (demo-stock-data.ts), and each move leaves units in the lot it splits.
 */
export const DEMO_PLACES = ['Operatory 1', 'Operatory 2', 'Sterilization'] as const;

export const DEMO_MOVES: { lot: string; units: number; to: (typeof DEMO_PLACES)[number]; daysAgo: number }[] = [
  // Sterilization pouches live by the autoclave.
  { lot: 'CX-20419', units: 100, to: 'Sterilization', daysAgo: 12 },
  // A box of needles for each operatory.
  { lot: 'SJ-5530', units: 40, to: 'Operatory 1', daysAgo: 9 },
  { lot: 'SJ-5530', units: 40, to: 'Operatory 2', daysAgo: 9 },
];
