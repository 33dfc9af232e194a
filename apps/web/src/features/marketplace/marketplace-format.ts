/** Unit prices show five decimals, as on the stock and treatment pages (spec section 5). */
export const UNIT_PRICE_DECIMALS = 5;
