// A bill's steps that move no money (schemas/resources/bills.json): the payer confirms the right
// (with its SMS code checked by the engine) or rejects it, the payee cancels it before confirmation
// or grants a delay (a later due day, with its reason: the CollectionDelay receipt).
import { eq } from 'drizzle-orm';
import { chinaDay } from '../../../shared/chinaTime';
import { bills } from '../../db/schema';
import { fieldError } from '../../errors';
import type { ActionHandler } from '../../resources/handlers';
import { billMoney, stateAfterMoney } from './store';

export const confirmBill: ActionHandler = async ({ now }) => ({ patch: { confirmedAt: now.toISOString() } });

export const rejectBill: ActionHandler = async ({ input }) => ({ patch: { rejectReason: input.reason } });

export const cancelBill: ActionHandler = async ({ input }) => ({ patch: { cancelReason: input.reason } });

export const delayBill: ActionHandler = async ({ tx, record, input, now }) => {
  const dueDay = String(input.dueDay);
  const current = String(record.data.dueDay ?? '');
  // A delay moves the due day later, to a day not yet past.
  if (dueDay <= current || dueDay < chinaDay(now)) throw fieldError({ dueDay: { key: 'api:billDelayLater', params: { dueDay: current } } });
  const patch = { dueDay, delayReason: input.reason, originalDueDay: record.data.originalDueDay ?? current };
  // The reminders of the new due day are still to send.
  await tx.update(bills).set({ dueSoonNotifiedAt: null, overdueNotifiedAt: null }).where(eq(bills.recordId, record.id));
  // Not yet confirmed: it stays to confirm. Otherwise it is owed again, not overdue.
  if (record.state === 'pendingConfirmation') return { patch, to: 'pendingConfirmation' };
  const money = await billMoney(tx, record.id);
  return { patch, to: stateAfterMoney(money, 'confirmed') };
};
