// Messages and todos of payment requests (DESIGN §9): the payee's draft waits for it to submit;
// a submitted request waits for the payer's review (confirmFunds), a confirmed one for its
// payment (payFunds); the payee hears of the review and each payment, the payer of a withdrawal.
// Each todo closes when its step is done or can no longer be.
import type { RecordRow } from '../../resources/records';
import { closeTodo, notifyAccount, openTodo } from '../../notify';
import { consolePathOfRow, routePath } from '../../resources/consolePaths';
import type { RecordListener } from '../../resources/events';
import { paramsOf } from '../settlement/news';

export const TO_SUBMIT = 'requestToSubmit';
export const TO_CONFIRM = 'requestToConfirm';
export const TO_PAY = 'requestToPay';

/** The page of the route `key` (confirmFunds, payFunds) showing the record, else its usual page. */
const pageOf = (key: string, row: RecordRow, fallback: string | undefined) => {
  const path = routePath(key);
  return path ? `${path}?id=${encodeURIComponent(row.id)}` : fallback;
};

export const requestNews: RecordListener = async ({ tx, def, action, after, before, input, now }) => {
  const { payer, payee } = after.parties;
  if (!payer || !payee) return;
  const params = paramsOf(after, input);
  const link = (who: string) => consolePathOfRow(def.name, after, who);
  const tell = (who: string, kind: string, to = link(who)) => notifyAccount(tx, who, def.permissionId, kind, now, params, to);
  const todo = (who: string, kind: string, to = link(who)) => openTodo(tx, { accountId: who, kind, ref: after.id, now, params, link: to });
  switch (action) {
    case 'create':
      await todo(payee, TO_SUBMIT);
      break;
    case 'submit': {
      const review = pageOf('confirmFunds', after, link(payer));
      await closeTodo(tx, payee, TO_SUBMIT, after.id, now);
      await todo(payer, TO_CONFIRM, review);
      await tell(payer, 'requestSubmitted', review);
      break;
    }
    case 'confirm': {
      const pay = pageOf('payFunds', after, link(payer));
      await closeTodo(tx, payer, TO_CONFIRM, after.id, now);
      await todo(payer, TO_PAY, pay);
      await tell(payee, 'requestConfirmed');
      break;
    }
    case 'reject':
      await closeTodo(tx, payer, TO_CONFIRM, after.id, now);
      await tell(payee, 'requestRejected');
      break;
    case 'cancel':
      await closeTodo(tx, payee, TO_SUBMIT, after.id, now);
      await closeTodo(tx, payer, TO_CONFIRM, after.id, now);
      // The payer heard of it only once it was submitted.
      if (before?.state === 'submitted') await tell(payer, 'requestCancelled');
      break;
    case 'pay':
      if (after.state === 'paid') await closeTodo(tx, payer, TO_PAY, after.id, now);
      await tell(payee, after.state === 'paid' ? 'requestPaid' : 'requestPartlyPaid');
      break;
  }
};
