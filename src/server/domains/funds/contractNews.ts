// Messages and todos of a contract's money steps (issue 8): the buyer is asked to pay the
// collateral once the contract is signed and to confirm receipt once it is delivered; the other
// party hears of each step; both hear of a release, a refund and a resolution.
import { formatMoney } from '../../../shared/money';
import { closeTodo, notifyAccount, openTodo } from '../../notify';
import { consolePathOfRow } from '../../resources/consolePaths';
import type { RecordListener } from '../../resources/events';

const TO_PAY = 'collateralToPay';
const TO_CONFIRM = 'receiptToConfirm';

export const contractMoneyNews: RecordListener = async ({ tx, action, after, now, def }) => {
  const { buyer, seller } = after.parties ?? {};
  if (!buyer || !seller) return;
  // Amounts in the one money format (7,601.00), as every page shows them.
  const deposit = after.data.objectionDeposit;
  const params = { title: String(after.data.title), collateral: formatMoney(String(after.data.collateralAmount ?? '0.00')), deposit: deposit ? formatMoney(String(deposit)) : '' };
  const link = (role: 'buyer' | 'seller') => consolePathOfRow(def.name, after, role === 'buyer' ? buyer : seller);
  const tell = (role: 'buyer' | 'seller', kind: string) => notifyAccount(tx, role === 'buyer' ? buyer : seller, def.permissionId, kind, now, params, link(role));
  const both = async (kind: string) => {
    await tell('buyer', kind);
    await tell('seller', kind);
  };

  if (action === 'sign' && after.state === 'signed') {
    await openTodo(tx, { accountId: buyer, kind: TO_PAY, ref: after.id, now, params, link: link('buyer') });
  } else if (action === 'payCollateral') {
    // Independent writes, sent together (one round trip on PostgreSQL): this is every payment's path.
    await Promise.all([closeTodo(tx, buyer, TO_PAY, after.id, now), tell('seller', 'collateralPaid')]);
  } else if (action === 'deliver') {
    await openTodo(tx, { accountId: buyer, kind: TO_CONFIRM, ref: after.id, now, params, link: link('buyer') });
    await tell('buyer', 'contractDelivered');
  } else if (action === 'confirmReceipt' || action === 'autoRelease') {
    await closeTodo(tx, buyer, TO_CONFIRM, after.id, now);
    await both(action === 'autoRelease' ? 'collateralAutoReleased' : 'collateralReleased');
  } else if (action === 'object') {
    await closeTodo(tx, buyer, TO_CONFIRM, after.id, now);
    await tell('seller', 'objectionRaised');
  } else if (action === 'resolveRefund' || action === 'resolveRelease') {
    await both(action === 'resolveRefund' ? 'objectionRefunded' : 'objectionReleased');
  }
};
