/** The marketplace opens its cart drawer on arrival at ?cart=open (wide screens always show the cart beside the offers). */
export const CART_PARAM = 'cart';
export const OPEN_CART_PATH = `/marketplace?${CART_PARAM}=open`;
