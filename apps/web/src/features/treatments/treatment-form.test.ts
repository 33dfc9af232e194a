import { describe, expect, it } from 'vitest';
import { TREATMENT_MESSAGES } from '@clinic/domain';
import { draftOf, treatmentRequestOf } from './treatment-form';

const GLOVES = '0b6a4c3e-1f2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('treatment form', () => {
  it('sends the tray with numbers and no category as null', () => {
    const draft = { ...draftOf(), treatment_code: ' D1110 ', name: 'Adult prophylaxis', tray: [{ productId: GLOVES, productName: 'Gloves', quantity: '2' }] };
    expect(treatmentRequestOf(draft).request).toEqual({ treatment_code: 'D1110', name: 'Adult prophylaxis', abbreviation: '', description: '', category_id: null, treatmentProducts: [{ product_id: GLOVES, quantity: 2 }] });
  });

  it('names the row whose quantity is wrong, and the required fields', () => {
    const { request, errors } = treatmentRequestOf({ ...draftOf(), tray: [{ productId: GLOVES, productName: 'Gloves', quantity: '0' }] });
    expect(request).toBeNull();
    expect(errors).toEqual({ treatment_code: 'Treatment code is required', name: 'Name is required', [`tray.${GLOVES}`]: TREATMENT_MESSAGES.quantityMin });
  });
});
