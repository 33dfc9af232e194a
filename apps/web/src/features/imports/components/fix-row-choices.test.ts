import { describe, expect, it } from 'vitest';
import { choicesFor, isChoiceField, matchChoice } from './fix-row-choices';

describe('choices of the Fix row dialog', () => {
  it('offers the fixed lists for type, basic unit, container and category, and free text elsewhere', () => {
    expect(['type', 'basic_unit', 'container', 'category'].every((f) => isChoiceField(f as 'type'))).toBe(true);
    expect(isChoiceField('supplier')).toBe(false);
    expect(isChoiceField('name')).toBe(false);
    expect(choicesFor('type', 'consumable', [])).toEqual(['disposable', 'consumable']);
    expect(choicesFor('category', 'Anesthetics', ['Anesthetics', 'Endodontics'])).toEqual(['', 'Anesthetics', 'Endodontics']);
  });

  it("keeps the file's wrong value as a choice until it is changed, so the dialog shows what the row said", () => {
    expect(choicesFor('type', 'liquid', [])).toEqual(['liquid', 'disposable', 'consumable']);
    expect(choicesFor('category', 'Not A Category', ['Endodontics'])).toEqual(['', 'Not A Category', 'Endodontics']);
  });

  it('matches a value written in another case, as the importer does', () => {
    expect(matchChoice('Consumable', ['disposable', 'consumable'])).toBe('consumable');
    expect(choicesFor('type', 'Consumable', [])).toEqual(['disposable', 'consumable']);
    expect(matchChoice('liquid', ['disposable', 'consumable'])).toBe('liquid');
  });
});
