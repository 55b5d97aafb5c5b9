// Messages and todos of trading (issue 7, DESIGN §5): each party hears of what the other did,
// and a contract's "to sign" todo stays open for a party until it has signed or the contract
// is over. They are news of the records' moves (consumers/news.ts): written by the drain that
// reads the move's event, exactly once.
import { and, eq } from 'drizzle-orm';
import type { SignatureRecord } from '../../../shared/resources/types';
import type { NewsDeclaration, NewsEvent } from '../../consumers/news';
import { accounts, resourceRecords } from '../../db/schema';
import { closeTodo, notifyAccount, openTodo } from '../../notify';
import { consolePath, consolePathOfRow } from '../../resources/consolePaths';

const TO_SIGN = 'contractToSign';

/** The party roles of a record other than the acting account's. */
const othersOf = (event: NewsEvent) => Object.entries(event.record.parties ?? {}).filter(([, account]) => account !== event.accountId);

/**
 * The publisher of an accepted offer hears of it, with a link to the contract on its side; of a
 * declined one, with the reason. A counterparty named on an offer hears when it is published.
 */
export const offerNews: NewsDeclaration = {
  on: ['accept', 'decline', 'publish'],
  write: async ({ tx, action, record, at, def, input }) => {
    if (!record.accountId) return;
    const title = String(record.data.title);
    const offerLink = consolePath({ resource: def.name, id: record.id });
    if (action === 'accept') {
      const contractId = typeof record.data.contractId === 'string' ? record.data.contractId : undefined;
      const [contract] = contractId ? await tx.select().from(resourceRecords).where(and(eq(resourceRecords.resource, 'contracts'), eq(resourceRecords.id, contractId))) : [];
      // The contract on the publisher's side (bought, sold, or a mutual promise).
      const link = contract && consolePathOfRow('contracts', contract, record.accountId);
      await notifyAccount(tx, record.accountId, def.permissionId, 'offerAccepted', at, { title }, link);
    } else if (action === 'decline') {
      await notifyAccount(tx, record.accountId, def.permissionId, 'offerDeclined', at, { title, reason: String(input.declineReason ?? '') }, offerLink);
    } else if (action === 'publish' && record.parties?.counterparty) {
      const [publisher] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, record.accountId));
      await notifyAccount(tx, record.parties.counterparty, def.permissionId, 'offerToYou', at, { title, name: publisher?.name ?? '' }, offerLink);
    }
  },
};

export const contractNews: NewsDeclaration = {
  on: ['create', 'sign', 'reject', 'cancel'],
  write: async (event) => {
    const { tx, action, to, record, at, def } = event;
    const title = String(record.data.title);
    const parties = Object.entries(record.parties ?? {});
    const tell = (account: string, kind: string, params: Record<string, string> = {}) =>
      notifyAccount(tx, account, def.permissionId, kind, at, { title, ...params }, consolePathOfRow(def.name, record, account));
    const closeAll = () => Promise.all(parties.map(([, account]) => closeTodo(tx, account, TO_SIGN, record.id, at)));

    if (action === 'create') {
      for (const [, account] of parties) {
        await openTodo(tx, { accountId: account, kind: TO_SIGN, ref: record.id, now: at, params: { title }, link: consolePathOfRow(def.name, record, account) });
      }
      for (const [, account] of othersOf(event)) await tell(account, 'contractToSign');
    } else if (action === 'sign') {
      // The signer's own signature (the record may hold the other party's too by the time this is written).
      const signatures = (record.data.signatures as SignatureRecord[] | undefined) ?? [];
      const signer = signatures.find((s) => s.accountId === event.accountId);
      await closeTodo(tx, event.accountId, TO_SIGN, record.id, at);
      if (to === 'signed') for (const [, account] of parties) await tell(account, 'contractSigned');
      else for (const [, account] of othersOf(event)) await tell(account, 'contractSignedBy', { name: signer?.accountName ?? '' });
    } else if (action === 'reject' || action === 'cancel') {
      await closeAll();
      const reason = String(event.input.reason ?? '');
      for (const [, account] of othersOf(event)) await tell(account, action === 'reject' ? 'contractRejected' : 'contractCancelled', { reason });
    }
  },
};
