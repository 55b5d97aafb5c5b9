// The operator-type matrix: one table of what each operator type may reach. It drives the API
// test (each type x endpoint -> 200 or 403) and the console check (the menu entry / button of
// the same row shows exactly when the server answers 200).

export const MATRIX_TYPES = ['owner', 'admin', 'purchaser', 'seller', 'finance', 'viewer'] as const;
export type MatrixType = (typeof MATRIX_TYPES)[number];

export interface MatrixRow {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Body builder (fresh per call, so a granted add really adds). */
  body?: () => Record<string, unknown>;
  /** Where the console offers it: a menu path, or a button of a page. */
  ui: { menu: string } | { button: 'addOperator' };
  /** Types the server answers 200; every other type gets 403. */
  allowed: readonly MatrixType[];
}

let seq = 0;
const operatorPhone = () => `137${String(20_000_000 + (seq += 1) * 104_729).padStart(8, '0')}`;

export const OPERATOR_MATRIX: readonly MatrixRow[] = [
  { name: 'operators list', method: 'GET', path: '/api/system/users/querySubAccount', ui: { menu: '/operator' }, allowed: ['owner', 'admin'] },
  { name: 'operator log', method: 'GET', path: '/api/system/users/subAccountLog', ui: { menu: '/operator' }, allowed: ['owner', 'admin'] },
  {
    name: 'add operator',
    method: 'POST',
    path: '/api/system/users/subAccount',
    body: () => ({ name: 'matrix', phone: operatorPhone(), operatorType: 'viewer' }),
    ui: { button: 'addOperator' },
    allowed: ['owner'],
  },
  { name: 'purchase offers', method: 'GET', path: '/api/r/purchaseOffers', ui: { menu: '/outgoing/chainPayment' }, allowed: ['owner', 'admin', 'purchaser', 'seller', 'viewer'] },
  { name: 'escrow settlements', method: 'GET', path: '/api/r/escrowSettlements', ui: { menu: '/report/paymentInventory' }, allowed: ['owner', 'admin', 'finance'] },
  { name: 'objection deposits', method: 'GET', path: '/api/r/objectionDeposits', ui: { menu: '/report/entropyList' }, allowed: ['owner', 'admin', 'finance'] },
  { name: 'withdrawals', method: 'GET', path: '/api/r/withdrawals', ui: { menu: '/report/withdrawalList' }, allowed: ['owner', 'admin', 'finance'] },
  { name: 'bills (payables)', method: 'GET', path: '/api/r/bills?scope=payer', ui: { menu: '/payment/payManagement' }, allowed: ['owner', 'admin', 'purchaser', 'finance', 'viewer'] },
  { name: 'invoice requests', method: 'GET', path: '/api/r/invoiceRequests', ui: { menu: '/operator/invoice' }, allowed: ['owner', 'admin', 'finance', 'viewer'] },
];
