import { useMutation } from '@tanstack/react-query';
import { addCheapestToCart, lookupFailedMessage, noOfferMessage, type CheapestOutcome, type CheapestRequest, type ProductToBuy } from './add-cheapest';
import { useCart } from './use-cart';

/** What the cart took and what it could not, sorted for the message. */
export interface CheapestSummary {
  added: ProductToBuy[];
  noOffer: ProductToBuy[];
  failed: ProductToBuy[];
}

export function summarize(outcomes: CheapestOutcome[]): CheapestSummary {
  const of = (kind: CheapestOutcome['kind']) => outcomes.filter((o) => o.kind === kind).map((o) => o.product);
  return { added: of('added'), noOffer: of('noOffer'), failed: of('failed') };
}

/** What went wrong, in sentences ("No vendor offers Bibs yet. Could not look up the offers of Gloves."); empty when nothing did. */
export function shortfallMessage({ noOffer, failed }: CheapestSummary): string {
  return [noOffer.length > 0 ? noOfferMessage(noOffer) : null, failed.length > 0 ? lookupFailedMessage(failed) : null]
    .filter((sentence) => sentence !== null)
    .map((sentence) => `${sentence}.`)
    .join(' ');
}

/** Adds products' cheapest in-stock offers to the current location's cart, from any page. */
export function useAddCheapestToCart() {
  const cart = useCart();
  return useMutation({ mutationFn: async (requests: CheapestRequest[]) => summarize(await addCheapestToCart(requests, cart.add)) });
}
