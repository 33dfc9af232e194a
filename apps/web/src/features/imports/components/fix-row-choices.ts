import { BASIC_UNITS, CONTAINERS, PRODUCT_TYPES, type ProductImportField } from '@clinic/domain';

/** The import columns whose values come from a fixed list: the Fix row dialog offers them as a select. */
export type ChoiceField = 'type' | 'basic_unit' | 'container' | 'category';

/**
 * The choices of a select: the allowed values, with the row's own value kept first when it is not
 * one of them (so the dialog shows what the file said until it is changed), and an empty choice
 * for the optional columns.
 */
export function choicesFor(field: ChoiceField, current: string, categories: readonly string[]): string[] {
  const allowed: readonly string[] = field === 'type' ? PRODUCT_TYPES : field === 'basic_unit' ? BASIC_UNITS : field === 'container' ? CONTAINERS : categories;
  const known = allowed.some((value) => value.toLowerCase() === current.toLowerCase());
  const optional = field === 'container' || field === 'category';
  return [...(optional ? [''] : []), ...(current && !known ? [current] : []), ...allowed];
}

export const isChoiceField = (field: ProductImportField): field is ChoiceField => field === 'type' || field === 'basic_unit' || field === 'container' || field === 'category';

/** The allowed value the row's text means (the importer matches case-insensitively), so the select shows it chosen. */
export function matchChoice(value: string, choices: readonly string[]): string {
  return choices.find((choice) => choice.toLowerCase() === value.toLowerCase()) ?? value;
}
