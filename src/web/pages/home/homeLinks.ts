// What each variant's home page offers (variants' homePage names): the pages to jump to and the
// "new ..." actions. Only entries the menu shows are linked, and an action only when refine's
// access control grants it on its route (both ask the console's one gate).

export type HomeFlavour = 'homeMain' | 'homeXhn' | 'homeSzdj' | 'homeJjsk';

export interface HomeAction {
  /** Route key of schemas/menu.json the action opens. */
  route: string;
  /** refine action checked on that route ('create' = SPEC §6 add). */
  action: 'create';
  labelKey: string;
}

/** Shown to whoever can see them: platform operations staff see only these. */
const OPS_LINKS = ['opsNotices', 'opsAuthentication', 'opsDeposits', 'opsWithdrawals'];

const MAIN_LINKS = ['chainPayment', 'immediateContract', 'contractbuy', 'contractsell', 'signContract', 'contractPayment', 'withdrawalList', 'invoice', 'message'];

export const HOME_LINKS: Record<HomeFlavour, string[]> = {
  homeMain: [...MAIN_LINKS, ...OPS_LINKS],
  homeSzdj: [...MAIN_LINKS, ...OPS_LINKS],
  homeXhn: ['chainInvitation', 'contractChain', 'interlinkingManagement', 'signContract', 'billConfirmation', 'contractPayment', 'historicalBill', 'invalid', 'message', ...OPS_LINKS],
  homeJjsk: ['requestFunds', 'chainPayment', 'contractbuy', 'contractsell', 'withdrawalList', 'message', ...OPS_LINKS],
};

export const HOME_ACTIONS: Record<HomeFlavour, HomeAction[]> = {
  homeMain: [
    { route: 'chainPayment', action: 'create', labelKey: 'actions.newPurchaseOffer' },
    { route: 'immediateContract', action: 'create', labelKey: 'actions.newSupplyOffer' },
    { route: 'initiateContract', action: 'create', labelKey: 'actions.newContract' },
  ],
  homeSzdj: [
    { route: 'chainPayment', action: 'create', labelKey: 'actions.newPurchaseOffer' },
    { route: 'immediateContract', action: 'create', labelKey: 'actions.newSupplyOffer' },
    { route: 'initiateContract', action: 'create', labelKey: 'actions.newContract' },
  ],
  homeXhn: [
    { route: 'chainInvitation', action: 'create', labelKey: 'actions.newMutualOffer' },
    { route: 'initiateContract', action: 'create', labelKey: 'actions.newContract' },
  ],
  homeJjsk: [
    { route: 'newFunds', action: 'create', labelKey: 'actions.newFundsRequest' },
    { route: 'chainPayment', action: 'create', labelKey: 'actions.newPurchaseOffer' },
  ],
};
