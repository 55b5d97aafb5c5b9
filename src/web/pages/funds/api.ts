import type { DailyFlowView, WalletView } from '../../../shared/api';
import { http } from '../../providers/http';

// The account's balances (issue 8): GET /api/funds/wallet, yuan strings with two decimals.

export const WALLET_KEY = ['lsf', 'funds', 'wallet'] as const;

export const getWallet = () => http.get<WalletView>('/funds/wallet', { silent: true });

/** The last 30 China days of the wallet's inflow and outflow (home's chart). */
export const FLOWS_DAILY_KEY = ['lsf', 'funds', 'flowsDaily'] as const;
export const getDailyFlows = () => http.get<DailyFlowView[]>('/funds/flows/daily', { silent: true });

/** Where the account declares a deposit and asks for a withdrawal (the generated create pages). */
export const DEPOSIT_CREATE_PATH = '/payment/deposits/create';
export const WITHDRAWAL_CREATE_PATH = '/report/withdrawalList/create';
/** Account details (/payment/RecordTabs): the balances and the account's money records. */
export const ACCOUNT_DETAILS_PATH = '/payment/RecordTabs';
