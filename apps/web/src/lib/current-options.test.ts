import { describe, expect, it } from 'vitest';
import { currentOptions } from './current-options';

const treatments = [
  { code: 'D7240', name: 'Lip augmentation' },
  { code: 'D1110', name: 'Adult prophylaxis' },
  { code: 'D1120', name: 'Child prophylaxis' },
];
const texts = (t: { code: string; name: string }) => [t.code, t.name];

describe('currentOptions', () => {
  it('offers the server answer as it is once it answers what was typed', () => {
    expect(currentOptions(treatments, 'd11', 'd11', texts)).toEqual(treatments);
  });

  it('while the answer is for an older search, offers only loaded rows containing the typed text', () => {
    expect(currentOptions(treatments, 'D1110', '', texts)).toEqual([treatments[1]]);
    expect(currentOptions(treatments, 'prophy', 'D', texts).map((t) => t.code)).toEqual(['D1110', 'D1120']);
    expect(currentOptions(treatments, 'D1110', null, texts)).toEqual([treatments[1]]);
  });

  it('offers nothing for an emptied box until its answer arrives', () => {
    expect(currentOptions(treatments, '', 'D1', texts)).toEqual([]);
  });
});
