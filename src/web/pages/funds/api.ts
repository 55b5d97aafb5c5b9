import type { DailyFlowView, FundsBankAccounts, WalletView } from '../../../shared/api';
import { useSystemQuery } from '../../refine/systemData';

// The account's balances (issue 8), through refine's `system` provider: GET /api/funds/wallet,
// yuan strings with two decimals. The cards show their errors themselves (silent).

export const useWallet = (enabled = true) => useSystemQuery<WalletView>('/funds/wallet', { silent: true, retry: false, enabled });

/** Where deposits are transferred to and withdrawals go (GET /api/funds/bank-accounts). */
export const useBankAccounts = () => useSystemQuery<FundsBankAccounts>('/funds/bank-accounts', { silent: true, retry: false });

/** The last 30 China days of the wallet's inflow and outflow (home's chart). */
export const useDailyFlows = () => useSystemQuery<DailyFlowView[]>('/funds/flows/daily', { silent: true, retry: false });

/** Where the account declares a deposit and asks for a withdrawal (the generated create pages). */
export const DEPOSIT_CREATE_PATH = '/payment/deposits/create';
export const WITHDRAWAL_CREATE_PATH = '/report/withdrawalList/create';
/** Account details (/payment/RecordTabs): the balances and the account's money records. */
export const ACCOUNT_DETAILS_PATH = '/payment/RecordTabs';
