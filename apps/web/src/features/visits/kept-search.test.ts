import { describe, expect, it } from 'vitest';
import { searchKeptTreatments } from './kept-search';

const kept = [
  { id: '1', treatment_code: 'D1110', name: 'Adult prophylaxis' },
  { id: '2', treatment_code: 'D2391', name: 'Composite filling, one surface' },
  { id: '3', treatment_code: 'D6010', name: 'Implant placement' },
];

describe('the chair’s treatment search offline', () => {
  it('finds every word typed in the code or the name, in any case', () => {
    expect(searchKeptTreatments(kept, 'filling').map((t) => t.id)).toEqual(['2']);
    expect(searchKeptTreatments(kept, 'd60').map((t) => t.id)).toEqual(['3']);
    expect(searchKeptTreatments(kept, 'composite SURFACE').map((t) => t.id)).toEqual(['2']);
    expect(searchKeptTreatments(kept, 'composite crown')).toEqual([]);
  });

  it('offers the first ones when nothing is typed, as the server does', () => {
    expect(searchKeptTreatments(kept, '  ')).toHaveLength(3);
  });
});
