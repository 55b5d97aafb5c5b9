// offers.accept (schemas/resources/purchaseOffers.json): an approved account accepts a published
// purchase offer from the market. In the action's transaction, on the locked offer: an offer
// past its valid-until day (China time) is refused; otherwise a contract is created with the
// offer's publisher as buyer and the acceptor as seller, and the offer records it. Two accepts
// of one offer: the row lock makes the second see `accepted` and get 409, so one contract.
import { conflict } from '../errors';
import { registerHandler } from '../resources/handlers';

/** Today's date in China (UTC+8) as YYYY-MM-DD: an offer is valid through its valid-until day. */
const chinaDay = (now: Date) => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/** The offer fields a contract carries over. */
const CARRIED = ['title', 'goodsName', 'spec', 'unit', 'quantity', 'unitPrice', 'amount', 'collateralRatio', 'deliveryDate', 'deliveryRegion', 'terms'] as const;

registerHandler('offers.accept', async ({ record, accountId, now, create }) => {
  const offer = record.data;
  if (typeof offer.validUntil === 'string' && offer.validUntil < chinaDay(now)) throw conflict('offerExpired');
  const terms = Object.fromEntries(CARRIED.filter((field) => offer[field] !== undefined).map((field) => [field, offer[field]]));
  const contract = await create('contracts', { offerId: record.id, ...terms }, { accountId, parties: { buyer: record.accountId!, seller: accountId } });
  return { patch: { contractId: contract.id } };
});
