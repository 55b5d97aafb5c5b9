// Messages and todos of trading (issue 7, DESIGN §5): each party hears of what the other did,
// and a contract's "to sign" todo stays open for a party until it has signed or the contract
// is over. They are written in the action's transaction, so they exist exactly when it commits.
import { and, eq } from 'drizzle-orm';
import type { SignatureRecord } from '../../../shared/resources/types';
import { accounts, resourceRecords } from '../../db/schema';
import { closeTodo, notifyAccount, openTodo } from '../../notify';
import { consolePath, consolePathOfRow } from '../../resources/consolePaths';
import type { RecordEvent, RecordListener } from '../../resources/events';

const TO_SIGN = 'contractToSign';

/** The party roles of a record other than the acting account's. */
const othersOf = (event: RecordEvent) => Object.entries(event.after.parties ?? {}).filter(([, account]) => account !== event.accountId);

/**
 * The publisher of an accepted offer hears of it, with a link to the contract on its side; of a
 * declined one, with the reason. A counterparty named on an offer hears when it is published.
 */
export const offerNews: RecordListener = async ({ tx, action, after, now, def, input }: RecordEvent) => {
  if (!after.accountId) return;
  const title = String(after.data.title);
  const offerLink = consolePath({ resource: def.name, id: after.id });
  if (action === 'accept') {
    const contractId = typeof after.data.contractId === 'string' ? after.data.contractId : undefined;
    const [contract] = contractId ? await tx.select().from(resourceRecords).where(and(eq(resourceRecords.resource, 'contracts'), eq(resourceRecords.id, contractId))) : [];
    // The contract on the publisher's side (bought, sold, or a mutual promise).
    const link = contract && consolePathOfRow('contracts', contract, after.accountId);
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
  const parties = Object.entries(after.parties ?? {});
  const tell = (account: string, kind: string, params: Record<string, string> = {}) =>
    notifyAccount(tx, account, def.permissionId, kind, now, { title, ...params }, consolePathOfRow(def.name, after, account));
  const closeAll = () => Promise.all(parties.map(([, account]) => closeTodo(tx, account, TO_SIGN, after.id, now)));

  if (action === 'create') {
    for (const [, account] of parties) {
      await openTodo(tx, { accountId: account, kind: TO_SIGN, ref: after.id, now, params: { title }, link: consolePathOfRow(def.name, after, account) });
    }
    for (const [, account] of othersOf(event)) await tell(account, 'contractToSign');
  } else if (action === 'sign') {
    const signatures = (after.data.signatures as SignatureRecord[] | undefined) ?? [];
    const latest = signatures[signatures.length - 1];
    await closeTodo(tx, event.accountId, TO_SIGN, after.id, now);
    if (after.state === 'signed') for (const [, account] of parties) await tell(account, 'contractSigned');
    else for (const [, account] of othersOf(event)) await tell(account, 'contractSignedBy', { name: latest?.accountName ?? '' });
  } else if (action === 'reject' || action === 'cancel') {
    await closeAll();
    const reason = String(event.input.reason ?? '');
    for (const [, account] of othersOf(event)) await tell(account, action === 'reject' ? 'contractRejected' : 'contractCancelled', { reason });
  }
};
