import {
  BASIC_UNITS,
  PRODUCT_MESSAGES,
  UNIT_CONTAINER_BASIC_UNITS,
  UNIT_CONTAINER_DEFAULT_BASIC_UNIT,
  type BasicUnit,
  type Container,
  type CreateProductRequest,
  type Product,
  type ProductType,
  type UpdateProductRequest,
} from '@clinic/domain';

/** What the Edit Product dialog holds: numbers stay text until blur converts them (spec section 5). */
export interface ProductFormValues {
  name: string;
  description: string;
  brand: string;
  barcode: string;
  manufacturer_code: string;
  type: ProductType | '';
  container: Container | '';
  basic_unit: BasicUnit | '';
  weight_or_volume: string;
  minimum_stock: string;
  /** '' means no category: the product shows under 'Default'. */
  category_id: string;
  /** Stored addresses of uploads (null: none); undefined while unchanged. */
  product_image_url: string | null | undefined;
  box_image_url: string | null | undefined;
  /** Issue 20: an implant asks for its UDI and site at the chair; its card names the manufacturer. */
  implantable: boolean;
  manufacturer_name: string;
  manufacturer_address: string;
}

export type ProductFormField = keyof ProductFormValues;
export type ProductFormErrors = Partial<Record<ProductFormField, string>>;

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  description: '',
  brand: '',
  barcode: '',
  manufacturer_code: '',
  type: '',
  container: '',
  basic_unit: '',
  weight_or_volume: '',
  minimum_stock: '',
  category_id: '',
  product_image_url: undefined,
  box_image_url: undefined,
  implantable: false,
  manufacturer_name: '',
  manufacturer_address: '',
};

export function productFormFrom(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    brand: product.brand,
    barcode: product.barcode,
    manufacturer_code: product.manufacturer_code,
    type: product.type,
    container: product.container,
    basic_unit: product.basic_unit,
    weight_or_volume: product.weight_or_volume === null ? '' : String(product.weight_or_volume),
    minimum_stock: String(product.minimum_stock),
    category_id: product.category_id ?? '',
    product_image_url: undefined,
    box_image_url: undefined,
    implantable: product.implantable,
    manufacturer_name: product.manufacturer_name,
    manufacturer_address: product.manufacturer_address,
  };
}

/** Spec section 5: a product sold by the unit is counted in cartridges or items. */
export function basicUnitOptions(container: Container | ''): readonly BasicUnit[] {
  return container === 'unit' ? UNIT_CONTAINER_BASIC_UNITS : BASIC_UNITS;
}

/** The basic unit to keep when the container changes (cartridge when 'unit' rules the old one out). */
export function basicUnitAfterContainerChange(container: Container | '', basicUnit: BasicUnit | ''): BasicUnit | '' {
  if (container === 'unit' && (basicUnit === '' || !UNIT_CONTAINER_BASIC_UNITS.includes(basicUnit))) return UNIT_CONTAINER_DEFAULT_BASIC_UNIT;
  return basicUnit;
}

/** On blur a number field shows the number it holds ("1.50" becomes "1.5"); junk is left for validation. */
export function normalizeNumberText(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const value = Number(trimmed);
  return Number.isFinite(value) ? String(value) : trimmed;
}

export interface FormMode {
  /** The admin edit view hides weight and minimum stock (spec section 5). */
  isAdmin: boolean;
}

export function validateProductForm(values: ProductFormValues, mode: FormMode): ProductFormErrors {
  const errors: ProductFormErrors = {};
  if (values.name.trim() === '') errors.name = PRODUCT_MESSAGES.nameRequired;
  if (values.type === '') errors.type = 'Required';
  if (values.container === '') errors.container = 'Required';
  if (values.basic_unit === '') errors.basic_unit = 'Required';
  else if (!basicUnitOptions(values.container).includes(values.basic_unit)) errors.basic_unit = PRODUCT_MESSAGES.unitBasicUnit;
  if (!mode.isAdmin) {
    const weight = values.weight_or_volume.trim();
    if (weight !== '' && !(Number(weight) > 0)) errors.weight_or_volume = 'Weight or volume must be greater than 0';
    const minimum = values.minimum_stock.trim();
    if (minimum !== '' && !/^\d+$/.test(minimum)) errors.minimum_stock = PRODUCT_MESSAGES.minimumStockInvalid;
  }
  return errors;
}

function numberOrNull(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

export function toCreateRequest(values: ProductFormValues, mode: FormMode): CreateProductRequest {
  const request: CreateProductRequest = {
    name: values.name.trim(),
    description: values.description.trim(),
    brand: values.brand.trim(),
    barcode: values.barcode.trim(),
    manufacturer_code: values.manufacturer_code.trim(),
    type: values.type as ProductType,
    container: values.container as Container,
    basic_unit: values.basic_unit as BasicUnit,
    category_id: values.category_id || null,
    implantable: values.implantable,
    manufacturer_name: values.manufacturer_name.trim(),
    manufacturer_address: values.manufacturer_address.trim(),
  };
  if (values.product_image_url) request.product_image_url = values.product_image_url;
  if (values.box_image_url) request.box_image_url = values.box_image_url;
  if (!mode.isAdmin) {
    // Spec section 5: an empty weight becomes undefined.
    const weight = numberOrNull(values.weight_or_volume);
    if (weight !== null) request.weight_or_volume = weight;
    const minimum = numberOrNull(values.minimum_stock);
    if (minimum !== null) request.minimum_stock = minimum;
  }
  return request;
}

/** Only what changed, so a location's minimum stock edit never touches a locked product's fields. */
export function toUpdateRequest(values: ProductFormValues, original: ProductFormValues, mode: FormMode): UpdateProductRequest {
  const full = toCreateRequest(values, mode);
  const before = toCreateRequest({ ...original, product_image_url: undefined, box_image_url: undefined }, mode);
  const changes: UpdateProductRequest = {};
  const record = changes as Record<string, unknown>;
  for (const [key, value] of Object.entries(full)) {
    if (before[key as keyof CreateProductRequest] !== value) record[key] = value;
  }
  if (!mode.isAdmin && values.weight_or_volume.trim() === '' && original.weight_or_volume !== '') changes.weight_or_volume = null;
  if (values.product_image_url !== undefined) changes.product_image_url = values.product_image_url;
  if (values.box_image_url !== undefined) changes.box_image_url = values.box_image_url;
  return changes;
}
