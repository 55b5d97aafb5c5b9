// Test data for trading (issue 7), shared by the API suites and the browser journeys: an
// approved enterprise account as a trading party, and the body of a publishable offer.
import type { Page } from '../../src/shared/api';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { signedIn } from './flows';
import { approveAccount } from './operators';
import type { TestServer } from './server';

export type TradingParty = { token: string; phone: string; accountId: string; name: string };

/** A newly registered enterprise account, signed in; approved (so it may trade) unless told not to. */
export async function tradingParty(s: TestServer, name: string, approve = true): Promise<TradingParty> {
  const user = await signedIn(s, { userType: 'enterprise', enterpriseName: name });
  if (approve) await approveAccount(s, user.phone);
  const info = await s.call<{ accountId: string }>('GET', '/api/system/users/info', { token: user.token });
  return { token: user.token, phone: user.phone, accountId: info.body.data.accountId, name };
}

export { contractOrder, offerBody } from './bodies';

/** The ids of the contracts `who` lists in `scope` (mine, buyer, seller). */
export const contractIds = async (s: TestServer, who: { token: string }, scope: string) =>
  (await s.call<Page<ResourceRecord>>('GET', `/api/r/contracts?scope=${scope}&pageSize=100`, { token: who.token })).body.data.records.map((c) => c.id);
