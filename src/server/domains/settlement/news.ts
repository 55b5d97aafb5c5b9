// Messages and todos of bills (DESIGN §9), news of their moves (consumers/news.ts): the payer is asked to confirm a new bill and then to
// pay it; the payee hears of a confirmation, a rejection and each payment; the payer of a
// cancellation and a delay; both of a reversal, which reopens the payer's todo to pay. Reminders (due within BILL_DUE_SOON_DAYS, overdue)
// come from remindDue, once per bill and due day: the job settlement.reminders every minute, each reminder
// claimed by one conditional UPDATE so two nodes never send it twice.
import { and, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { chinaDay } from '../../../shared/chinaTime';
import { BILL_DUE_SOON_DAYS } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { bills, resourceRecords } from '../../db/schema';
import { closeTodo, notifyAccount, openTodo } from '../../notify';
import { consolePathOfRow } from '../../resources/consolePaths';
import type { NewsDeclaration } from '../../consumers/news';
import type { ListenerDeclaration, RecordEvent } from '../../resources/events';
import { expireDue } from '../../resources/expiry';
import type { EngineContext } from '../../resources/actions';
import { recordSelection, type RecordRow } from '../../resources/records';
import { recordsOf } from '../../resources/sources';
import { billMoney, insertBillMoney, insertBillMoneyRows, openFenOf, PASSED_ON, type NewBillMoney } from './store';
import { fenToYuan, yuanToFen } from '../../../shared/money';

export const TO_CONFIRM = 'billToConfirm';
export const TO_PAY = 'billToPay';

/**
 * A debt's message parameters (a bill's, or a payment request's: the same figures by the same
 * names). A bill's open amount is its money row's (billTotals.ts), not in the record's data: a
 * row read as the engine reads bills carries it, else the caller gives it.
 */
export const paramsOf = (row: RecordRow, input: Record<string, unknown> = {}, open = String(row.data.openAmount ?? '')) => ({
  title: String(row.data.contractTitle ?? ''),
  amount: String(row.data.amount ?? ''),
  open,
  dueDay: String(row.data.dueDay ?? ''),
  payer: String(row.data.payerName ?? ''),
  payee: String(row.data.payeeName ?? ''),
  paid: typeof input.payAmount === 'string' ? input.payAmount : '',
  reason: typeof input.reason === 'string' ? input.reason : '',
});

/** The money row of a bill just created, or null for any other event. */
function moneyOfCreated({ action, after }: RecordEvent): NewBillMoney | null {
  const { payer, payee } = after.parties;
  if (action !== 'create' || !payer || !payee) return null;
  const family = typeof after.data.parentBillId === 'string' ? { parent: after.data.parentBillId, root: String(after.data.rootBillId) } : {};
  return { recordId: after.id, contractId: String(after.data.contractId), payer, payee, amountFen: yuanToFen(String(after.data.amount)), ...family };
}

/**
 * A new bill's money row (store.ts), in the bill's own transaction: what netting and payments
 * read. The bills a clearing run makes at once (createMany) get theirs in one statement.
 */
export const billMoneyRow: ListenerDeclaration = {
  listen: async (event) => {
    const row = moneyOfCreated(event);
    if (row) await insertBillMoney(event.tx, row);
  },
  listenMany: async (events) => {
    const rows = events.map(moneyOfCreated).filter((row): row is NewBillMoney => row !== null);
    if (rows.length) await insertBillMoneyRows(events[0].tx, rows);
  },
};

/** What each step of a bill tells whom (news, consumers/news.ts). */
export const billNews: NewsDeclaration = {
  on: ['create', 'confirm', 'reject', 'cancel', 'delay', 'pay', 'reversePayment', 'split', 'offset'],
  write: async ({ tx, def, action, to, record, input, at }) => {
    const { payer, payee } = record.parties;
    if (!payer || !payee) return;
    // The open amount as the news is written (a later move's figures, like the record's: consumers/news.ts).
    const params = paramsOf(record, input, fenToYuan(openFenOf(await billMoney(tx, record.id))));
    const link = (who: string) => consolePathOfRow(def.name, record, who);
    const tell = (who: string, kind: string) => notifyAccount(tx, who, def.permissionId, kind, at, params, link(who));
    switch (action) {
      case 'create':
        // A part passed on (transfers.ts) was confirmed with its parent: the payer is to pay its new holder.
        if (record.data.origin === 'passedOn') {
          await openTodo(tx, { accountId: payer, kind: TO_PAY, ref: record.id, now: at, params, link: link(payer) });
          await tell(payer, 'billPassedOn');
          break;
        }
        await openTodo(tx, { accountId: payer, kind: TO_CONFIRM, ref: record.id, now: at, params, link: link(payer) });
        await tell(payer, 'billIssued');
        break;
      case 'split':
      case 'offset':
        // All of it passed on (the payer pays the parts to their holders) or paid by a part passed on:
        // nothing left for the payer to pay on this bill.
        if (to === 'paid' || to === PASSED_ON) await closeTodo(tx, payer, TO_PAY, record.id, at);
        break;
      case 'confirm':
        await closeTodo(tx, payer, TO_CONFIRM, record.id, at);
        await openTodo(tx, { accountId: payer, kind: TO_PAY, ref: record.id, now: at, params, link: link(payer) });
        await tell(payee, 'billConfirmed');
        break;
      case 'reject':
        await closeTodo(tx, payer, TO_CONFIRM, record.id, at);
        await tell(payee, 'billRejected');
        break;
      case 'cancel':
        await closeTodo(tx, payer, TO_CONFIRM, record.id, at);
        await tell(payer, 'billCancelled');
        break;
      case 'delay':
        await tell(payer, 'billDelayed');
        break;
      case 'pay':
        if (to === 'paid') await closeTodo(tx, payer, TO_PAY, record.id, at);
        await tell(payee, to === 'paid' ? 'billPaid' : 'billPartlyPaid');
        break;
      case 'reversePayment':
        // Owed again: the payer's todo to pay reopens (a no-op while it is still open).
        await openTodo(tx, { accountId: payer, kind: TO_PAY, ref: record.id, now: at, params, link: link(payer) });
        await tell(payer, 'billPaymentReversed');
        await tell(payee, 'billPaymentReversed');
        break;
    }
  },
};

/** Sends the due-soon and overdue reminders not yet sent; answers how many. */
export async function remindDue(ctx: EngineContext, now: Date): Promise<number> {
  const { db } = ctx;
  const billsResource = ctx.resources.get('bills');
  if (!billsResource) return 0;
  await expireDue(db, billsResource, ctx.resources, now);
  const soon = chinaDay(new Date(now.getTime() + BILL_DUE_SOON_DAYS * 86_400_000));
  let sent = 0;
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const of = (where: SQL | undefined) => sql`${bills.recordId} in (select ${resourceRecords.id} from ${resourceRecords} where ${where})`;
    const isBill = eq(resourceRecords.resource, 'bills');
    const dueSoon = await tx
      .update(bills)
      .set({ dueSoonNotifiedAt: now })
      .where(and(isNull(bills.dueSoonNotifiedAt), of(and(isBill, inArray(resourceRecords.state, ['confirmed', 'partiallyPaid']), lte(sql`${resourceRecords.data} ->> 'dueDay'`, soon)))))
      .returning({ id: bills.recordId });
    const overdue = await tx
      .update(bills)
      .set({ overdueNotifiedAt: now })
      .where(and(isNull(bills.overdueNotifiedAt), of(and(isBill, eq(resourceRecords.state, 'overdue')))))
      .returning({ id: bills.recordId });
    // Read as every read of a bill is: with its figures (its open amount) from the money row.
    const rows = async (ids: { id: string }[]) =>
      ids.length ? recordsOf(tx, billsResource).select(recordSelection(billsResource)).from(resourceRecords).where(and(isBill, inArray(resourceRecords.id, ids.map((r) => r.id)))) : [];
    for (const row of await rows(dueSoon)) {
      const payer = row.parties.payer;
      if (payer) await notifyAccount(tx, payer, billsResource.def.permissionId, 'billDueSoon', now, paramsOf(row), consolePathOfRow(billsResource.def.name, row, payer));
      sent += 1;
    }
    for (const row of await rows(overdue)) {
      for (const who of [row.parties.payer, row.parties.payee]) if (who) await notifyAccount(tx, who, billsResource.def.permissionId, 'billOverdue', now, paramsOf(row), consolePathOfRow(billsResource.def.name, row, who));
      sent += 1;
    }
  });
  return sent;
}

export const TO_ACCEPT_TRANSFER = 'billTransferToAccept';

/** An offer to pass part of a bill on (billTransfers.json): the receiver is asked to accept it; the holder hears the answer, both a lapse. */
export const transferNews: NewsDeclaration = {
  on: ['create', 'accept', 'refuse', 'withdraw', 'expire'],
  write: async ({ tx, def, action, record, at }) => {
    const { holder, receiver } = record.parties;
    if (!holder || !receiver) return;
    const d = record.data;
    const params = { title: String(d.contractTitle ?? ''), amount: String(d.amount ?? ''), payer: String(d.payerName ?? ''), holder: String(d.holderName ?? ''), receiver: String(d.receiverName ?? ''), dueDay: String(d.dueDay ?? '') };
    const link = (who: string) => consolePathOfRow(def.name, record, who);
    const tell = (who: string, kind: string) => notifyAccount(tx, who, def.permissionId, kind, at, params, link(who));
    if (action === 'create') {
      await openTodo(tx, { accountId: receiver, kind: TO_ACCEPT_TRANSFER, ref: record.id, now: at, params, link: link(receiver) });
      await tell(receiver, 'billPassOnOffered');
      return;
    }
    await closeTodo(tx, receiver, TO_ACCEPT_TRANSFER, record.id, at);
    if (action === 'accept') await tell(holder, 'billPassOnAccepted');
    if (action === 'refuse') await tell(holder, 'billPassOnRefused');
    if (action === 'withdraw') await tell(receiver, 'billPassOnWithdrawn');
    if (action === 'expire') for (const who of [holder, receiver]) await tell(who, 'billPassOnExpired');
  },
};
