// Messages and todos of payment requests (DESIGN §9): the payee's draft waits for it to submit;
// a submitted request waits for the payer's review (confirmFunds), a confirmed one for its
// payment (payFunds); the payee hears of the review and each payment, the payer of a withdrawal.
// Each todo closes when its step is done or can no longer be. News of the requests' moves
// (consumers/news.ts).
import type { RecordRow } from '../../resources/records';
import { closeTodo, notifyAccount, openTodo } from '../../notify';
import { consolePathOfRow, routePath } from '../../resources/consolePaths';
import type { NewsDeclaration } from '../../consumers/news';
import { paramsOf } from '../settlement/news';

export const TO_SUBMIT = 'requestToSubmit';
export const TO_CONFIRM = 'requestToConfirm';
export const TO_PAY = 'requestToPay';

/** The page of the route `key` (confirmFunds, payFunds) showing the record, else its usual page. */
const pageOf = (key: string, row: RecordRow, fallback: string | undefined) => {
  const path = routePath(key);
  return path ? `${path}?id=${encodeURIComponent(row.id)}` : fallback;
};

export const requestNews: NewsDeclaration = {
  on: ['create', 'submit', 'confirm', 'reject', 'cancel', 'pay'],
  write: async ({ tx, def, action, from, to, record, input, at }) => {
    const { payer, payee } = record.parties;
    if (!payer || !payee) return;
    const params = paramsOf(record, input);
    const link = (who: string) => consolePathOfRow(def.name, record, who);
    const tell = (who: string, kind: string, page = link(who)) => notifyAccount(tx, who, def.permissionId, kind, at, params, page);
    const todo = (who: string, kind: string, page = link(who)) => openTodo(tx, { accountId: who, kind, ref: record.id, now: at, params, link: page });
    switch (action) {
      case 'create':
        await todo(payee, TO_SUBMIT);
        break;
      case 'submit': {
        const review = pageOf('confirmFunds', record, link(payer));
        await closeTodo(tx, payee, TO_SUBMIT, record.id, at);
        await todo(payer, TO_CONFIRM, review);
        await tell(payer, 'requestSubmitted', review);
        break;
      }
      case 'confirm': {
        const pay = pageOf('payFunds', record, link(payer));
        await closeTodo(tx, payer, TO_CONFIRM, record.id, at);
        await todo(payer, TO_PAY, pay);
        await tell(payee, 'requestConfirmed');
        break;
      }
      case 'reject':
        await closeTodo(tx, payer, TO_CONFIRM, record.id, at);
        await tell(payee, 'requestRejected');
        break;
      case 'cancel':
        await closeTodo(tx, payee, TO_SUBMIT, record.id, at);
        await closeTodo(tx, payer, TO_CONFIRM, record.id, at);
        // The payer heard of it only once it was submitted.
        if (from === 'submitted') await tell(payer, 'requestCancelled');
        break;
      case 'pay':
        if (to === 'paid') await closeTodo(tx, payer, TO_PAY, record.id, at);
        await tell(payee, to === 'paid' ? 'requestPaid' : 'requestPartlyPaid');
        break;
    }
  },
};
