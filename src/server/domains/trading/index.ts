// The trading domain (issue 7): offers (schemas/resources/purchaseOffers.json, supplyOffers.json,
// mutualOffers.json) and contracts (contracts.json) up to signing: derived amounts, the counterparty
// of an offer, accepting an offer into a contract, initiating a contract, the contract document,
// and the messages and todos their events produce. A contract's money steps are the funds domain's.
import type { Domain } from '../../domain';
import { contractAmounts, offerAmounts } from './amounts';
import { contractDocument } from './contractDocument';
import { initiateContract } from './contractInitiate';
import { contractNews, offerNews } from './notifications';
import { acceptOffer } from './offerAccept';
import { createOffer } from './offerCounterparty';

export const trading: Domain = {
  name: 'trading',
  compute: { 'offers.amounts': offerAmounts, 'contracts.amounts': contractAmounts },
  createHandlers: { 'offers.create': createOffer, 'contracts.initiate': initiateContract },
  handlers: { 'offers.accept': acceptOffer },
  documents: { 'contracts.document': contractDocument },
  news: {
    purchaseOffers: offerNews,
    supplyOffers: offerNews,
    mutualOffers: offerNews,
    contracts: contractNews,
  },
};
