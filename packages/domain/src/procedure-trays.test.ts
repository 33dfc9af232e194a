import { describe, expect, it } from 'vitest';
import { traysNeeded, type DesignedLine } from './procedure-trays';

const FILLING: DesignedLine[] = [
  { treatment_id: 'filling', product_id: 'composite', quantity: 0.35, implantable: false },
  { treatment_id: 'filling', product_id: 'lidocaine', quantity: 1.5, implantable: false },
];
const IMPLANT: DesignedLine[] = [
  { treatment_id: 'implant', product_id: 'blx', quantity: 1, implantable: true },
  { treatment_id: 'implant', product_id: 'suture', quantity: 1, implantable: false },
];

describe('traysNeeded', () => {
  it('takes each treatment’s design once per procedure', () => {
    expect(traysNeeded([{ treatment_id: 'filling' }, { treatment_id: 'filling' }], FILLING)).toEqual([
      { treatment_id: 'filling', product_id: 'composite', quantity: 0.7, device: null },
      { treatment_id: 'filling', product_id: 'lidocaine', quantity: 3, device: null },
    ]);
  });

  it('gives an implant one line per device, never a quantity above one', () => {
    expect(traysNeeded([{ treatment_id: 'implant' }, { treatment_id: 'implant' }], IMPLANT)).toEqual([
      { treatment_id: 'implant', product_id: 'blx', quantity: 1, device: 1 },
      { treatment_id: 'implant', product_id: 'blx', quantity: 1, device: 2 },
      { treatment_id: 'implant', product_id: 'suture', quantity: 2, device: null },
    ]);
  });

  it('takes nothing for a procedure without a treatment or a treatment without procedures', () => {
    expect(traysNeeded([{ treatment_id: null }], [...FILLING, ...IMPLANT])).toEqual([]);
    expect(traysNeeded([{ treatment_id: 'implant' }], FILLING)).toEqual([]);
  });
});
