// offers.create (purchaseOffers.json, supplyOffers.json, mutualOffers.json createHandler): an
// offer may be named to one counterparty instead of the market. The counterparty (another
// approved account, found with searchCom) becomes the offer's `counterparty` party: it alone sees
// the offer once published and may accept or decline it; the market never shows it
// (visibility.market.unlessParty). On a resource that requires a service (mutual-promise offers),
// the counterparty must have opened it too, or it could never accept.
import type { CreateHandler } from '../../resources/handlers';
import { serviceOpened } from '../../resources/services';
import { fieldError } from '../../errors';
import { approvedCounterparty } from './contractInitiate';

export const createOffer: CreateHandler = async ({ tx, def, data, accountId }) => {
  if (typeof data.counterpartyId !== 'string') return;
  const other = await approvedCounterparty(tx, data.counterpartyId, accountId);
  if (def.requiresService && !(await serviceOpened(tx, def.requiresService, other.id))) {
    throw fieldError({ counterpartyId: `trading:errors.counterpartyNoService.${def.requiresService}` });
  }
  return { parties: { counterparty: other.id }, patch: { counterpartyName: other.name } };
};
