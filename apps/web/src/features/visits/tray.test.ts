import { describe, expect, it } from 'vitest';
import { IMPLANT_MESSAGES, type Treatment } from '@clinic/domain';
import { estimatedCost, implantIssues, linesOfVisit, mergeTray, visitRequestOf, visitRevisionOf } from './tray';

const design = (id: string, items: [string, number, number | null][]): Treatment => ({
  id,
  treatment_code: id,
  name: id,
  abbreviation: '',
  description: '',
  category: null,
  estimated_cost: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  treatmentProducts: items.map(([productId, quantity, price]) => ({ product_id: productId, quantity, estimated_unit_price: price, product: { id: productId, name: productId, product_image_url: null, type: 'disposable', basic_unit: 'item' } })),
});

describe('the tray at the chair', () => {
  const extraction = design('EXT', [['gloves', 2, 0.1], ['lidocaine', 2, 1.25]]);
  const filling = design('FILL', [['composite', 0.35, 18]]);

  it('fills with the designs, keeps edits of treatments still chosen and drops the rest', () => {
    const first = mergeTray([], [extraction]);
    const edited = first.map((l) => (l.productId === 'lidocaine' ? { ...l, quantity: '1' } : l));
    const both = mergeTray(edited, [extraction, filling]);
    expect(both.map((l) => [l.productId, l.quantity])).toEqual([['gloves', '2'], ['lidocaine', '1'], ['composite', '0.35']]);
    expect(mergeTray(both, [filling]).map((l) => l.productId)).toEqual(['composite']);
    expect(estimatedCost(both)).toBe(7.75);
  });

  it('sends a named lot only when one was chosen', () => {
    const lines = mergeTray([], [extraction]).map((l) => (l.productId === 'lidocaine' ? { ...l, stockId: 'lot-1' } : l));
    expect(visitRequestOf('CH-1', [extraction], lines, 'key-00000001').products).toEqual([
      { product_id: 'gloves', quantity: 2, treatment_id: 'EXT' },
      { product_id: 'lidocaine', quantity: 2, treatment_id: 'EXT', stock_id: 'lot-1' },
    ]);
  });
});

describe('editing a saved visit', () => {
  const extraction = design('EXT', [['gloves', 2, 0.1], ['lidocaine', 2, 1.25]]);
  const saved = {
    id: 'visit',
    created_at: '2026-11-20T10:00:00.000Z',
    patient: { id: 'p', patient_chart_number: 'CH-1' },
    treatments: [{ id: 'EXT', treatment_code: 'EXT', name: 'EXT' }],
    caseNotes: '',
    summary: '',
    recordingTranscript: '',
    recordingUrls: [],
    transcriptionJobStatus: null,
    treatment_log_products: [
      { id: 'line-1', treatment: { id: 'EXT', treatment_code: 'EXT', name: 'EXT' }, product: { id: 'lidocaine', name: 'Lidocaine', product_image_url: null }, quantity: 2, cost: 2.5, unit_price: -1, is_editable: true, label: '', lot_number: 'A, B' },
    ],
    total_cost: 2.5,
  };

  it('starts from the saved lines and does not add the design’s products again when its treatment comes back', () => {
    const lines = linesOfVisit(saved);
    expect(lines[0]).toMatchObject({ lineId: 'line-1', quantity: '2', unitPrice: 1.25, lotNumber: 'A, B' });
    // The saved treatment carries no tray; picking the design again adds only what the visit lacks.
    const merged = mergeTray(lines, [extraction]);
    expect(merged.map((l) => l.productId)).toEqual(['lidocaine', 'gloves']);
    expect(visitRevisionOf([extraction], merged)).toEqual({
      treatments: ['EXT'],
      products: [
        { id: 'line-1', product_id: 'lidocaine', quantity: 2, treatment_id: 'EXT' },
        { product_id: 'gloves', quantity: 2, treatment_id: 'EXT' },
      ],
    });
  });
});

describe('implants in the tray', () => {
  const implantDesign: Treatment = {
    ...design('IMP', [['implant', 2, 300]]),
    treatmentProducts: [{ product_id: 'implant', quantity: 2, estimated_unit_price: 300, product: { id: 'implant', name: 'Implant', product_image_url: null, type: 'disposable', basic_unit: 'item', implantable: true } }],
  };

  it('asks a new implant line for its UDI and site, one device a line, and sends them', () => {
    const [line] = mergeTray([], [implantDesign]);
    expect(line).toMatchObject({ implantable: true, quantity: '1' });
    expect(implantIssues([line!])).toEqual([
      { path: 'products.0.implant.udi', message: IMPLANT_MESSAGES.udiRequired },
      { path: 'products.0.implant.site', message: IMPLANT_MESSAGES.siteRequired },
    ]);
    expect(implantIssues([{ ...line!, quantity: '2', implantUdi: '0950600013435', implantSite: '36' }])).toEqual([
      { path: 'products.0.implant.udi', message: IMPLANT_MESSAGES.notAUdi },
      { path: 'products.0.quantity', message: IMPLANT_MESSAGES.oneDevice },
    ]);
    expect(implantIssues([{ ...line!, implantUdi: '(01)09506000134353', implantSite: '36' }])[0]?.message).toMatch(/wrong check digit/);
    const ready = { ...line!, implantUdi: ' (01)09506000134352(10)LOTA1(21)SN123 ', implantSite: ' 36 ' };
    expect(implantIssues([ready])).toEqual([]);
    expect(visitRequestOf('CH-1', [implantDesign], [ready], 'key-00000001').products).toEqual([
      { product_id: 'implant', quantity: 1, treatment_id: 'IMP', implant: { udi: '(01)09506000134352(10)LOTA1(21)SN123', site: '36' } },
    ]);
  });

  it('keeps a saved implant line as it is: nothing asked, nothing sent', () => {
    const saved = { key: 'line:l1', lineId: 'l1', treatmentId: null, productId: 'implant', productName: 'Implant', quantity: '1', unitPrice: 300, implantable: true, implant: { id: 'i1', udi: '(01)09506000134352', site: '36' } };
    expect(implantIssues([saved])).toEqual([]);
    expect(visitRevisionOf([], [saved]).products).toEqual([{ id: 'l1', product_id: 'implant', quantity: 1, treatment_id: null }]);
    expect(implantIssues([{ ...saved, quantity: '2' }])).toEqual([{ path: 'products.0.quantity', message: IMPLANT_MESSAGES.oneDevice }]);
  });
});
