// Messages and todos of a contract's money steps (issue 8): the buyer is asked to pay the
// collateral once the contract is signed and to confirm receipt once it is delivered; the other
// party hears of each step; both hear of a release, a refund and a resolution. News of the
// contract's moves (consumers/news.ts), written after trading's of the same move.
import { formatMoney } from '../../../shared/money';
import type { NewsDeclaration } from '../../consumers/news';
import { closeTodo, notifyAccount, openTodo } from '../../notify';
import { consolePathOfRow } from '../../resources/consolePaths';

const TO_PAY = 'collateralToPay';
const TO_CONFIRM = 'receiptToConfirm';

export const contractMoneyNews: NewsDeclaration = {
  on: ['sign', 'payCollateral', 'deliver', 'confirmReceipt', 'autoRelease', 'object', 'resolveRefund', 'resolveRelease'],
  write: async ({ tx, action, to, record, at, def }) => {
    const { buyer, seller } = record.parties ?? {};
    if (!buyer || !seller) return;
    // Amounts in the one money format (7,601.00), as every page shows them.
    const deposit = record.data.objectionDeposit;
    const params = { title: String(record.data.title), collateral: formatMoney(String(record.data.collateralAmount ?? '0.00')), deposit: deposit ? formatMoney(String(deposit)) : '' };
    const link = (role: 'buyer' | 'seller') => consolePathOfRow(def.name, record, role === 'buyer' ? buyer : seller);
    const tell = (role: 'buyer' | 'seller', kind: string) => notifyAccount(tx, role === 'buyer' ? buyer : seller, def.permissionId, kind, at, params, link(role));
    const both = async (kind: string) => {
      await tell('buyer', kind);
      await tell('seller', kind);
    };

    if (action === 'sign' && to === 'signed') {
      await openTodo(tx, { accountId: buyer, kind: TO_PAY, ref: record.id, now: at, params, link: link('buyer') });
    } else if (action === 'payCollateral') {
      // Independent writes, sent together (one round trip on PostgreSQL): every payment's news.
      await Promise.all([closeTodo(tx, buyer, TO_PAY, record.id, at), tell('seller', 'collateralPaid')]);
    } else if (action === 'deliver') {
      await openTodo(tx, { accountId: buyer, kind: TO_CONFIRM, ref: record.id, now: at, params, link: link('buyer') });
      await tell('buyer', 'contractDelivered');
    } else if (action === 'confirmReceipt' || action === 'autoRelease') {
      await closeTodo(tx, buyer, TO_CONFIRM, record.id, at);
      await both(action === 'autoRelease' ? 'collateralAutoReleased' : 'collateralReleased');
    } else if (action === 'object') {
      await closeTodo(tx, buyer, TO_CONFIRM, record.id, at);
      await tell('seller', 'objectionRaised');
    } else if (action === 'resolveRefund' || action === 'resolveRelease') {
      await both(action === 'resolveRefund' ? 'objectionRefunded' : 'objectionReleased');
    }
  },
};
