// offers.create (purchaseOffers.json, supplyOffers.json createHandler): an offer may be named to
// one counterparty instead of the market. The counterparty (another approved account, found
// with searchCom) becomes the offer's `counterparty` party: it alone sees the offer once
// published and may accept or decline it; the market never shows it (visibility.market.unlessParty).
import { registerCreateHandler } from '../resources/handlers';
import { approvedCounterparty } from './contractInitiate';

registerCreateHandler('offers.create', async ({ tx, data, accountId }) => {
  if (typeof data.counterpartyId !== 'string') return;
  const other = await approvedCounterparty(tx, data.counterpartyId, accountId);
  return { parties: { counterparty: other.id }, patch: { counterpartyName: other.name } };
});
