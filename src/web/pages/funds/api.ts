export { useWallet } from '../../system/funds';

/** Where the account declares a deposit and asks for a withdrawal (the generated create pages). */
export const DEPOSIT_CREATE_PATH = '/payment/deposits/create';
export const WITHDRAWAL_CREATE_PATH = '/report/withdrawalList/create';
/** Account details (/payment/RecordTabs): the balances and the account's money records. */
export const ACCOUNT_DETAILS_PATH = '/payment/RecordTabs';
