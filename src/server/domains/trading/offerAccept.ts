// offers.accept (schemas/resources/purchaseOffers.json, supplyOffers.json, mutualOffers.json): an
// approved account accepts a published offer from the market. In the action's transaction, on
// the locked offer: an offer past its valid-until day (China time) is refused; otherwise a
// contract is created with the publisher on its offer's side (buyer of a purchase offer, seller
// of a supply offer, the side a mutual-promise offer names) and the acceptor on the other, its
// `source` the kind of offer, and the offer records it. Two accepts
// of one offer: the row lock makes the second see `accepted` and get 409, so one contract.
import { conflict } from '../../errors';
import { chinaDay } from '../../../shared/chinaTime';
import type { ActionHandler } from '../../resources/handlers';
import { partyNames } from './contractInitiate';

/** The offer fields a contract carries over. */
const CARRIED = ['title', 'goodsName', 'spec', 'unit', 'quantity', 'unitPrice', 'amount', 'collateralRatio', 'deliveryDate', 'deliveryRegion', 'terms'] as const;

/** The side the publisher of each kind of offer takes in the contract; a mutual-promise offer says it (`side`). */
const PUBLISHER_SIDE: Record<string, 'buyer' | 'seller'> = { purchaseOffers: 'buyer', supplyOffers: 'seller' };

/** The contract's `source`: which kind of offer it came from (mutualOffer: a mutual-promise contract). */
export const CONTRACT_SOURCE: Record<string, string> = { purchaseOffers: 'purchaseOffer', supplyOffers: 'supplyOffer', mutualOffers: 'mutualOffer' };

const publisherSide = (resource: string, offer: Record<string, unknown>): 'buyer' | 'seller' | undefined =>
  resource === 'mutualOffers' ? (offer.side === 'buyer' || offer.side === 'seller' ? offer.side : undefined) : PUBLISHER_SIDE[resource];

export const acceptOffer: ActionHandler = async ({ tx, resource, record, accountId, now, create }) => {
  const offer = record.data;
  const side = publisherSide(resource, offer);
  const source = CONTRACT_SOURCE[resource];
  if (!side || !source) throw new Error(`offers.accept: no contract side for ${resource}`);
  // expireDue normally expired it before this request; a row another request held locked at
  // that moment (SKIP LOCKED) is caught here.
  if (typeof offer.validUntil === 'string' && offer.validUntil < chinaDay(now)) throw conflict('offerExpired');
  const terms = Object.fromEntries(CARRIED.filter((field) => offer[field] !== undefined).map((field) => [field, offer[field]]));
  const parties = side === 'buyer' ? { buyer: record.accountId!, seller: accountId } : { buyer: accountId, seller: record.accountId! };
  const contract = await create('contracts', { offerId: record.id, orderType: 'electronic', source, ...terms, ...(await partyNames(tx, parties)) }, { accountId, parties });
  // The acceptor keeps seeing the offer it accepted, now off the market.
  return { patch: { contractId: contract.id }, parties: { acceptor: accountId } };
};
