// offers.accept (schemas/resources/purchaseOffers.json, supplyOffers.json): an approved account
// accepts a published offer from the market. In the action's transaction, on the locked offer:
// an offer past its valid-until day (China time) is refused; otherwise a contract is created
// with the publisher on its offer's side (buyer of a purchase offer, seller of a supply offer)
// and the acceptor on the other, and the offer records it. Two accepts
// of one offer: the row lock makes the second see `accepted` and get 409, so one contract.
import { conflict } from '../errors';
import { chinaDay } from '../resources/expiry';
import { registerHandler } from '../resources/handlers';
import { partyNames } from './contractInitiate';

/** The offer fields a contract carries over. */
const CARRIED = ['title', 'goodsName', 'spec', 'unit', 'quantity', 'unitPrice', 'amount', 'collateralRatio', 'deliveryDate', 'deliveryRegion', 'terms'] as const;

/** The side the publisher of each kind of offer takes in the contract. */
const PUBLISHER_SIDE: Record<string, 'buyer' | 'seller'> = { purchaseOffers: 'buyer', supplyOffers: 'seller' };

registerHandler('offers.accept', async ({ tx, resource, record, accountId, now, create }) => {
  const side = PUBLISHER_SIDE[resource];
  if (!side) throw new Error(`offers.accept: no contract side for ${resource}`);
  const offer = record.data;
  // expireDue normally expired it before this request; a row another request held locked at
  // that moment (SKIP LOCKED) is caught here.
  if (typeof offer.validUntil === 'string' && offer.validUntil < chinaDay(now)) throw conflict('offerExpired');
  const terms = Object.fromEntries(CARRIED.filter((field) => offer[field] !== undefined).map((field) => [field, offer[field]]));
  const parties = side === 'buyer' ? { buyer: record.accountId!, seller: accountId } : { buyer: accountId, seller: record.accountId! };
  const contract = await create('contracts', { offerId: record.id, orderType: 'electronic', ...terms, ...(await partyNames(tx, parties)) }, { accountId, parties });
  // The acceptor keeps seeing the offer it accepted, now off the market.
  return { patch: { contractId: contract.id }, parties: { acceptor: accountId } };
});
