// A payment request's steps (schemas/resources/paymentRequests.json): made by the payee under a
// contract or bill (create: what it may ask for, headroom.ts), submitted, confirmed or rejected
// by the payer, withdrawn by the payee before confirmation. Paying is pay.ts.
import { fenToYuan } from '../../../shared/money';
import type { ActionHandler, CreateHandler } from '../../resources/handlers';
import { namesOf } from '../settlement/issue';
import { checkAmount, checkDueDay, fenOf, requestTarget } from './headroom';

export const createRequest: CreateHandler = async ({ tx, data, accountId, now }) => {
  checkDueDay(data.dueDay, now);
  const target = await requestTarget(tx, data, accountId, { lock: true });
  const amount = fenOf(data.amount);
  checkAmount(target, amount);
  const names = await namesOf(tx, [target.payer, target.payee]);
  return {
    parties: { payer: target.payer, payee: target.payee },
    patch: {
      contractId: target.contract.id,
      contractTitle: String(target.contract.data.title ?? ''),
      payerName: names.get(target.payer) ?? '',
      payeeName: names.get(target.payee) ?? '',
      amount: fenToYuan(amount),
      paidAmount: '0.00',
      openAmount: fenToYuan(amount),
    },
  };
};

export const submitRequest: ActionHandler = async ({ now }) => ({ patch: { submittedAt: now.toISOString() } });

export const confirmRequest: ActionHandler = async ({ now }) => ({ patch: { confirmedAt: now.toISOString() } });

export const rejectRequest: ActionHandler = async ({ input }) => ({ patch: { rejectReason: input.reason } });

export const cancelRequest: ActionHandler = async ({ input }) => ({ patch: { cancelReason: input.reason } });
