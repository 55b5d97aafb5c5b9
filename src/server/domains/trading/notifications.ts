// Messages and todos of trading (issue 7, DESIGN §5): each party hears of what the other did,
// and a contract's "to sign" todo stays open for a party until it has signed or the contract
// is over. They are written in the action's transaction, so they exist exactly when it commits.
import { eq } from 'drizzle-orm';
import type { SignatureRecord } from '../../../shared/resources/types';
import { accounts } from '../../db/schema';
import { closeTodo, notifyAccount, openTodo } from '../../notify';
import type { RecordEvent, RecordListener } from '../../resources/events';

/** Where each party opens a contract: its own side's list; a mutual-promise contract, its detail page (/contract/chainDetails). */
const CONTRACT_PATHS: Record<string, string> = { buyer: '/contract/contractbuy', seller: '/contract/contractsell' };
const MUTUAL_CONTRACT_PATH = '/contract/chainDetails';
export const contractLink = (role: string, id: string, mutual = false) => (mutual ? `${MUTUAL_CONTRACT_PATH}?id=${id}` : `${CONTRACT_PATHS[role]}/show/${id}`);
const TO_SIGN = 'contractToSign';

/** The party roles of a record other than the acting account's. */
const othersOf = (event: RecordEvent) => Object.entries(event.after.parties ?? {}).filter(([, account]) => account !== event.accountId);

/** Where each kind of offer is opened. */
const OFFER_PATHS: Record<string, string> = { purchaseOffers: '/outgoing/chainPayment', supplyOffers: '/outgoing/immediateContract', mutualOffers: '/outgoing/chainInvitation' };

/**
 * The publisher of an accepted offer hears of it, with a link to the contract on its side; of a
 * declined one, with the reason. A counterparty named on an offer hears when it is published.
 */
export const offerNews =
  (side: 'buyer' | 'seller' | 'chosen'): RecordListener =>
  async ({ tx, action, after, now, def, input }: RecordEvent) => {
    if (!after.accountId) return;
    const title = String(after.data.title);
    const offerLink = `${OFFER_PATHS[def.name]}/show/${after.id}`;
    if (action === 'accept') {
      const link = side === 'chosen' ? contractLink('', String(after.data.contractId), true) : contractLink(side, String(after.data.contractId));
      await notifyAccount(tx, after.accountId, def.permissionId, 'offerAccepted', now, { title }, link);
    } else if (action === 'decline') {
      await notifyAccount(tx, after.accountId, def.permissionId, 'offerDeclined', now, { title, reason: String(input.declineReason ?? '') }, offerLink);
    } else if (action === 'publish' && after.parties?.counterparty) {
      const [publisher] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, after.accountId));
      await notifyAccount(tx, after.parties.counterparty, def.permissionId, 'offerToYou', now, { title, name: publisher?.name ?? '' }, offerLink);
    }
  };

export const contractNews: RecordListener = async (event) => {
  const { tx, action, after, now, def } = event;
  const title = String(after.data.title);
  const mutual = after.data.source === 'mutualOffer';
  const parties = Object.entries(after.parties ?? {});
  const tell = (role: string, account: string, kind: string, params: Record<string, string> = {}) =>
    notifyAccount(tx, account, def.permissionId, kind, now, { title, ...params }, contractLink(role, after.id, mutual));
  const closeAll = () => Promise.all(parties.map(([, account]) => closeTodo(tx, account, TO_SIGN, after.id, now)));

  if (action === 'create') {
    for (const [role, account] of parties) {
      await openTodo(tx, { accountId: account, kind: TO_SIGN, ref: after.id, now, params: { title }, link: contractLink(role, after.id, mutual) });
    }
    for (const [role, account] of othersOf(event)) await tell(role, account, 'contractToSign');
  } else if (action === 'sign') {
    const signatures = (after.data.signatures as SignatureRecord[] | undefined) ?? [];
    const latest = signatures[signatures.length - 1];
    await closeTodo(tx, event.accountId, TO_SIGN, after.id, now);
    if (after.state === 'signed') for (const [role, account] of parties) await tell(role, account, 'contractSigned');
    else for (const [role, account] of othersOf(event)) await tell(role, account, 'contractSignedBy', { name: latest?.accountName ?? '' });
  } else if (action === 'reject' || action === 'cancel') {
    await closeAll();
    const reason = String(event.input.reason ?? '');
    for (const [role, account] of othersOf(event)) await tell(role, account, action === 'reject' ? 'contractRejected' : 'contractCancelled', { reason });
  }
};
