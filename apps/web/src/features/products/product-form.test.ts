import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '@clinic/domain';
import {
  basicUnitAfterContainerChange,
  basicUnitOptions,
  EMPTY_PRODUCT_FORM,
  normalizeNumberText,
  toCreateRequest,
  toUpdateRequest,
  validateProductForm,
  type ProductFormValues,
} from './product-form';

const filled: ProductFormValues = { ...EMPTY_PRODUCT_FORM, name: 'Septocaine', type: 'disposable', container: 'box', basic_unit: 'cartridge' };

describe('product form rules (spec section 5)', () => {
  it('requires a non-blank name and a type', () => {
    const errors = validateProductForm({ ...EMPTY_PRODUCT_FORM, name: '   ' }, { isAdmin: false });
    expect(errors.name).toBe('Name is required');
    expect(errors.type).toBe('Required');
  });

  it('limits a unit container to cartridge or item, defaulting to cartridge', () => {
    expect(basicUnitOptions('unit')).toEqual(['cartridge', 'item']);
    expect(basicUnitOptions('box')).toContain('ml');
    expect(basicUnitAfterContainerChange('unit', 'ml')).toBe('cartridge');
    expect(basicUnitAfterContainerChange('unit', 'item')).toBe('item');
    expect(validateProductForm({ ...filled, container: 'unit', basic_unit: 'ml' }, { isAdmin: false }).basic_unit).toBe(PRODUCT_MESSAGES.unitBasicUnit);
  });

  it('wants a whole minimum stock of 0 or more', () => {
    expect(validateProductForm({ ...filled, minimum_stock: '-1' }, { isAdmin: false }).minimum_stock).toBe(PRODUCT_MESSAGES.minimumStockInvalid);
    expect(validateProductForm({ ...filled, minimum_stock: '2.5' }, { isAdmin: false }).minimum_stock).toBe(PRODUCT_MESSAGES.minimumStockInvalid);
    expect(validateProductForm({ ...filled, minimum_stock: '0' }, { isAdmin: false })).toEqual({});
  });

  it('converts numbers on blur and turns an empty weight into undefined', () => {
    expect(normalizeNumberText(' 1.50 ')).toBe('1.5');
    expect(normalizeNumberText('')).toBe('');
    expect(normalizeNumberText('abc')).toBe('abc');
    expect(toCreateRequest({ ...filled, weight_or_volume: '' }, { isAdmin: false })).not.toHaveProperty('weight_or_volume');
    expect(toCreateRequest({ ...filled, weight_or_volume: '1.7', minimum_stock: '4' }, { isAdmin: false })).toMatchObject({ weight_or_volume: 1.7, minimum_stock: 4 });
  });

  it('leaves weight and minimum stock out of the admin view', () => {
    const request = toCreateRequest({ ...filled, weight_or_volume: '3', minimum_stock: '4' }, { isAdmin: true });
    expect(request).not.toHaveProperty('weight_or_volume');
    expect(request).not.toHaveProperty('minimum_stock');
  });

  it('sends only the fields that changed', () => {
    const original = { ...filled, minimum_stock: '0', brand: 'Septodont' };
    expect(toUpdateRequest({ ...original, minimum_stock: '10' }, original, { isAdmin: false })).toEqual({ minimum_stock: 10 });
    expect(toUpdateRequest({ ...original, brand: 'Septodont USA', category_id: '' }, original, { isAdmin: false })).toEqual({ brand: 'Septodont USA' });
  });
});
