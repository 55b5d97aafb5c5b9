// offers.accept (schemas/resources/purchaseOffers.json): an approved account accepts a published
// purchase offer from the market. In the action's transaction, on the locked offer: an offer
// past its valid-until day (China time) is refused; otherwise a contract is created with the
// offer's publisher as buyer and the acceptor as seller, and the offer records it. Two accepts
// of one offer: the row lock makes the second see `accepted` and get 409, so one contract.
import { conflict } from '../errors';
import { chinaDay } from '../resources/expiry';
import { registerHandler } from '../resources/handlers';

/** The offer fields a contract carries over. */
const CARRIED = ['title', 'goodsName', 'spec', 'unit', 'quantity', 'unitPrice', 'amount', 'collateralRatio', 'deliveryDate', 'deliveryRegion', 'terms'] as const;

registerHandler('offers.accept', async ({ record, accountId, now, create }) => {
  const offer = record.data;
  // expireDue normally expired it before this request; a row another request held locked at
  // that moment (SKIP LOCKED) is caught here.
  if (typeof offer.validUntil === 'string' && offer.validUntil < chinaDay(now)) throw conflict('offerExpired');
  const terms = Object.fromEntries(CARRIED.filter((field) => offer[field] !== undefined).map((field) => [field, offer[field]]));
  const contract = await create('contracts', { offerId: record.id, ...terms }, { accountId, parties: { buyer: record.accountId!, seller: accountId } });
  return { patch: { contractId: contract.id } };
});
