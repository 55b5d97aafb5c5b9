import * as antIcons from '@ant-design/icons';
import { describe, expect, it } from 'vitest';
import { grantedPermissionIds } from '../../src/shared/ability';
import {
  MENU,
  VARIANT_IDS,
  findRoute,
  finalPath,
  getVariant,
  isKnownPath,
  isPublicPath,
  menuPaths,
  resolveRoutes,
  routePaths,
  visibleMenu,
  type MenuItem,
} from '../../src/shared/menu';
import { PERMISSION_IDS, permissionsForRole } from '../../src/shared/permissions';
import { walkMenu } from '../../src/shared/schema';

const idsOf = (role: string) => grantedPermissionIds(permissionsForRole(role));
const OWNER = idsOf('owner');
const EVERY_PERMISSION = [...PERMISSION_IDS];
const groupKeys = (items: MenuItem[]) => items.map((item) => item.key);

// SPEC §2, written out by hand (not computed from the JSON): what an owner sees in each variant.
const HOME = ['/home'];
const OFFERS = ['/outgoing/chainPayment', '/outgoing/immediateContract', '/outgoing/chainInvitation'];
const CONTRACTS = ['/contract/contractbuy', '/contract/contractsell', '/contract/contractChain'];
const TRADE = ['/contractUpdate/initiateContract', '/contractUpdate/signContract', '/contractUpdate/contractFile'];
const REPORTS = ['/report/chainOutgoingList', '/report/paymentInventory', '/report/entropyList', '/report/withdrawalList'];
// Issue 17: enterprise authentication is an account-centre entry (it unlocks trading).
const ACCOUNT = [
  '/businessAuthentication',
  '/message',
  '/operator/currency',
  '/operator/invoice',
  '/operator/agreement',
  '/operator',
  // DESIGN §10: the account's audit trail.
  '/operator/audit',
  // Issue 30: the account's API keys and webhooks (owner only; the pages say so to an admin operator).
  '/operator/apiKeys',
  '/operator/webhooks',
  '/operator/historical',
  '/operator/demoDetail',
];
const OPS = ['/ops/authentication', '/ops/notices', '/ops/deposits', '/ops/withdrawals', '/ops/invoices', '/ops/objections', '/ops/clearingRuns', '/ops/audit'];

const EXPECTED_OWNER_MENU: Record<string, string[]> = {
  main: [
    ...HOME,
    ...OFFERS,
    ...CONTRACTS,
    ...TRADE,
    '/contractUpdate/billConfirmation',
    '/contractUpdate/contractPayment',
    '/payment/payManagement',
    '/payment/collectionManagement',
    '/contractUpdate/historicalBill',
    ...REPORTS,
    ...ACCOUNT,
  ],
  xhn: [
    ...HOME,
    ...OFFERS,
    ...CONTRACTS,
    ...TRADE,
    '/contractUpdate/billConfirmation',
    '/contractUpdate/contractPayment',
    '/payment/interlinkingManagement',
    '/contractUpdate/historicalBill',
    '/contractUpdate/invalid',
    ...REPORTS,
    ...ACCOUNT,
  ],
  szdj: [
    ...HOME,
    ...OFFERS,
    ...CONTRACTS,
    ...TRADE,
    '/contractUpdate/billConfirmation',
    '/contractUpdate/contractPayment',
    '/payment/payManagement',
    '/payment/collectionManagement',
    '/contractUpdate/historicalBill',
    ...REPORTS,
    ...ACCOUNT,
  ],
  jjsk: [...HOME, ...OFFERS, ...CONTRACTS, '/report/withdrawalList', '/requestFunds', '/businessAuthentication', '/message'],
};

const EXPECTED_OWNER_GROUPS: Record<string, string[]> = {
  main: ['home', 'outgoing', 'contract', 'contractUpdate', 'payment', 'report', 'accountCentre'],
  xhn: ['home', 'outgoing', 'contract', 'contractUpdate', 'payment', 'report', 'accountCentre'],
  szdj: ['home', 'outgoing', 'contract', 'contractUpdate', 'payment', 'report', 'accountCentre'],
  jjsk: ['home', 'outgoing', 'contract', 'report', 'accountCentre'],
};

/** Every path SPEC §2 names, plus the ops group of DESIGN §5. */
const SPEC_PATHS = [
  '/',
  '/user',
  '/user/login',
  '/user/sign',
  '/user/forgetPassword',
  '/user/registerProtocol',
  '/user/serviceProvision',
  '/user/registerSuccessfully',
  '/user/webview',
  '/user/recover',
  '/landing',
  '/404',
  '/Chainpayment',
  '/Interconnectedsingle',
  '/Entropygold',
  '/Entropygoldrefund',
  '/Solutions',
  '/Solution',
  '/Solutionsback',
  '/CollectionDelay',
  '/PaymentReleaseReceipt',
  '/ReleaseReceipt',
  '/HPaymentReleaseReceipt',
  '/HReleaseReceipt',
  '/HSolution',
  '/HLSolution',
  '/Withdrawal',
  '/home',
  '/outgoing',
  '/outgoing/chainPayment',
  '/outgoing/immediateContract',
  '/outgoing/chainInvitation',
  '/outgoing/peace',
  '/outgoing/resultsPage',
  '/contract',
  '/contract/contractbuy',
  '/contract/contractsell',
  '/contract/contractChain',
  '/contract/details',
  '/contract/detailspact',
  '/contract/supplyDetails',
  '/contract/supplyContractDetails',
  '/contract/chainDetails',
  '/contract/chainContractDetails',
  '/contract/paymentStatus',
  '/contractUpdate',
  '/contractUpdate/initiateContract',
  '/contractUpdate/signContract',
  '/contractUpdate/contractDetails',
  '/contractUpdate/contractFile',
  '/contractUpdate/fileDetails',
  '/contractUpdate/serviceAgreement',
  '/contract/xhnPaymentStatus',
  '/payment',
  '/contractUpdate/billConfirmation',
  '/contractUpdate/contractPayment',
  '/contractUpdate/contractPaymentDetails',
  '/payment/interlinkingManagement',
  '/payment/RecordTabs',
  '/payment/payManagement',
  '/payment/collectionManagement',
  '/payment/paymentDetails',
  '/payment/receiptDetails',
  '/payment/interlinkingDetails',
  '/contractUpdate/historicalBill',
  '/contractUpdate/invalid',
  '/contractUpdate/InfoRmationInvalid',
  '/report',
  '/report/chainOutgoingList',
  '/report/paymentInventory',
  '/report/entropyList',
  '/report/withdrawalList',
  '/requestFunds',
  '/message',
  '/operator/currency',
  '/operator/invoice',
  '/operator/agreement',
  '/operator',
  '/operator/audit',
  '/operator/apiKeys',
  '/operator/webhooks',
  '/operator/historical',
  '/operator/demoDetail',
  '/requestFunds/fundsDetail',
  '/requestFunds/newFunds',
  '/requestFunds/submitFunds',
  '/requestFunds/confirmFunds',
  '/requestFunds/payFunds',
  '/businessAuthentication',
  '/authenticationSubmitted',
  '/accountSafe',
  '/task',
  '/buildPage',
  '/friendLinks',
  '/ops',
  ...OPS,
  // DESIGN §5: an operator binds by SMS code before it can sign in.
  '/user/bindOperator',
  // DESIGN §8: anyone holding a receipt checks it against the server (docs/decisions.md "Receipts").
  '/receipt/verify',
];

const RECEIPTS = SPEC_PATHS.slice(12, 27);

describe('menu.json declares every route of SPEC §2', () => {
  it('has exactly the SPEC paths, each once', () => {
    const declared = walkMenu(MENU).flatMap((route) => (route.path ? [route.path] : []));
    expect([...declared].sort()).toEqual([...SPEC_PATHS].sort());
  });

  it('puts the auth pages in the user layout, receipts and standalone pages in the blank layout', () => {
    for (const path of SPEC_PATHS.filter((p) => p.startsWith('/user/'))) expect(findRoute(path)?.layout, path).toBe('user');
    for (const path of ['/landing', '/404', ...RECEIPTS]) expect(findRoute(path)?.layout, path).toBe('blank');
    expect(RECEIPTS).toHaveLength(15);
    for (const path of RECEIPTS) {
      const route = findRoute(path);
      expect(route?.render, path).toEqual({ receipt: path.slice(1) });
      expect(route?.permission, path).toBe('none');
      expect(route?.permissionIds, path).toEqual([]);
    }
    expect(findRoute('/home')?.layout).toBe('main');
    expect(findRoute('/ops/notices')?.layout).toBe('main');
  });

  it('tags routes per SPEC §6: dashboard pages, form pages, receipts none', () => {
    const dashboard = ['/home', '/message', '/operator', '/operator/invoice', '/requestFunds', '/businessAuthentication', '/authenticationSubmitted', '/accountSafe', '/task'];
    const form = ['/outgoing/chainPayment', '/contract/details', '/contractUpdate/signContract', '/contract/xhnPaymentStatus', '/contractUpdate/contractPayment', '/payment/RecordTabs', '/report/entropyList'];
    for (const path of dashboard) expect(findRoute(path)?.permission, path).toBe('dashboard');
    for (const path of form) {
      expect(findRoute(path)?.permission, path).toBe('form');
      expect(findRoute(path)?.permissionIds, path).toContain('form');
    }
  });

  it('gives default redirects of SPEC §2', () => {
    expect(findRoute('/')?.redirect).toBe('/home');
    expect(findRoute('/user')?.redirect).toBe('/user/login');
    expect(findRoute('/outgoing')?.redirect).toBe('/outgoing/chainPayment');
    expect(findRoute('/contract')?.redirect).toBe('/contract/contractbuy');
    expect(findRoute('/contractUpdate')?.redirect).toBe('/contractUpdate/signContract');
    expect(findRoute('/payment')?.redirect).toBe('/contractUpdate/contractPayment');
    expect(findRoute('/report')?.redirect).toBe('/report/chainOutgoingList');
    expect(finalPath('/user/recover')).toBe('/user/login');
  });

  it('names an @ant-design/icons component for every entry', () => {
    const known = new Set(Object.keys(antIcons));
    for (const route of walkMenu(MENU)) expect(known.has(route.icon), `${route.key}: ${route.icon}`).toBe(true);
  });
});

describe('public routes (SPEC §2, docs/decisions.md "Public routes")', () => {
  it('are exactly the declared routes of the SPEC list', () => {
    const publicPaths = resolveRoutes('main').filter((r) => r.public && r.render).map((r) => r.path);
    expect(publicPaths.sort()).toEqual(
      [
        '/user/login',
        '/user/sign',
        '/user/forgetPassword',
        '/user/registerProtocol',
        '/user/serviceProvision',
        '/user/registerSuccessfully',
        '/user/webview',
        '/user/bindOperator',
        '/receipt/verify',
        '/landing',
        '/home',
      ].sort(),
    );
  });

  it('lets a redirect take the flag of its target and ignores query, hash and a trailing slash', () => {
    expect(isPublicPath('/')).toBe(true);
    expect(isPublicPath('/user')).toBe(true);
    expect(isPublicPath('/user/recover')).toBe(true);
    expect(isPublicPath('/user/login?redirect=%2Fmessage')).toBe(true);
    expect(isPublicPath('/user/login/')).toBe(true);
    expect(isPublicPath('/landing#top')).toBe(true);
    for (const path of ['/404', '/message', '/Chainpayment', '/outgoing', '/ops/notices', '/nowhere']) expect(isPublicPath(path), path).toBe(false);
  });
});

describe('visibleMenu: what an owner sees per variant (SPEC §2)', () => {
  for (const variant of VARIANT_IDS) {
    it(`${variant}`, () => {
      const menu = visibleMenu(variant, OWNER);
      expect(menuPaths(menu)).toEqual(EXPECTED_OWNER_MENU[variant]);
      expect(groupKeys(menu)).toEqual(EXPECTED_OWNER_GROUPS[variant]);
    });
  }

  it('adds the ops group, and only it, for every permission id', () => {
    for (const variant of VARIANT_IDS) {
      expect(menuPaths(visibleMenu(variant, EVERY_PERMISSION)), variant).toEqual([...EXPECTED_OWNER_MENU[variant], ...OPS]);
    }
  });

  it('keeps hidden pages out of navigation', () => {
    const paths = menuPaths(visibleMenu('main', EVERY_PERMISSION));
    for (const hidden of ['/outgoing/peace', '/contract/details', '/payment/RecordTabs', '/requestFunds/newFunds', '/accountSafe', '/task', '/', '/404', '/Withdrawal', '/user/login']) {
      expect(paths, hidden).not.toContain(hidden);
    }
  });

  it('gives groups their path and children, the account centre no path of its own', () => {
    const menu = visibleMenu('main', OWNER);
    expect(menu.find((i) => i.key === 'outgoing')).toMatchObject({ path: '/outgoing', titleKey: 'routes.outgoing', icon: 'ShoppingCartOutlined' });
    expect(menu.find((i) => i.key === 'accountCentre')?.path).toBeUndefined();
  });
});

describe('visibleMenu: hidden by permission', () => {
  it('shows no offers, contracts, settlement or reports without any form permission', () => {
    const menu = visibleMenu('main', ['dashboard', 'account', 'operators']);
    expect(groupKeys(menu)).toEqual(['home', 'accountCentre']);
    expect(menuPaths(menu)).toEqual(['/home', ...ACCOUNT]);
  });

  it('shows the ops user home, messages and the ops group only', () => {
    const menu = visibleMenu('main', idsOf('ops'));
    expect(groupKeys(menu)).toEqual(['home', 'accountCentre', 'ops']);
    expect(menuPaths(menu)).toEqual(['/home', '/message', ...OPS]);
  });

  it('never shows the ops group to an owner', () => {
    for (const variant of VARIANT_IDS) expect(groupKeys(visibleMenu(variant, OWNER)), variant).not.toContain('ops');
  });

  it('reaches part of a tag with a finer id (a seller has no settlement; finance has no offers)', () => {
    expect(groupKeys(visibleMenu('main', idsOf('seller')))).toEqual(['home', 'outgoing', 'contract', 'contractUpdate', 'report', 'accountCentre']);
    expect(menuPaths(visibleMenu('main', idsOf('seller')))).not.toContain('/contractUpdate/contractPayment');
    expect(menuPaths(visibleMenu('main', idsOf('finance')))).toEqual([
      '/home',
      ...CONTRACTS,
      '/contractUpdate/billConfirmation',
      '/contractUpdate/contractPayment',
      '/payment/payManagement',
      '/payment/collectionManagement',
      '/contractUpdate/historicalBill',
      ...REPORTS,
      '/businessAuthentication',
      '/message',
      '/operator/currency',
      '/operator/invoice',
      '/operator/agreement',
      '/operator/historical',
      '/operator/demoDetail',
    ]);
    expect(menuPaths(visibleMenu('jjsk', idsOf('finance')))).toEqual(['/home', ...CONTRACTS, '/report/withdrawalList', '/requestFunds', '/businessAuthentication', '/message']);
  });

  it('gives the umbrella id form every form page', () => {
    expect(menuPaths(visibleMenu('main', ['form']))).toEqual(EXPECTED_OWNER_MENU.main.filter((p) => p !== '/home' && !ACCOUNT.includes(p)));
  });

  it('drops a group without visible children and shows nothing without permissions', () => {
    expect(groupKeys(visibleMenu('main', ['dashboard']))).toEqual(['home', 'accountCentre']);
    expect(visibleMenu('main', ['funds']).map((i) => i.key)).toEqual([]);
    expect(visibleMenu('jjsk', ['funds'])).toEqual([
      { key: 'accountCentre', titleKey: 'routes.accountCentre', icon: 'UserOutlined', children: [{ key: 'requestFunds', path: '/requestFunds', titleKey: 'routes.requestFunds', icon: 'DollarOutlined' }] },
    ]);
    expect(visibleMenu('main', [])).toEqual([]);
  });
});

describe('resolveRoutes: what each variant can route to', () => {
  it('drops removed entries, keeps hidden ones routable', () => {
    expect(isKnownPath('/payment/interlinkingManagement', 'main')).toBe(false);
    expect(isKnownPath('/contractUpdate/invalid', 'szdj')).toBe(false);
    expect(isKnownPath('/payment/interlinkingManagement', 'xhn')).toBe(true);
    for (const path of ['/payment/payManagement', '/payment/collectionManagement', '/payment/paymentDetails', '/payment/receiptDetails']) {
      expect(isKnownPath(path, 'xhn'), path).toBe(false);
      expect(isKnownPath(path, 'main'), path).toBe(true);
    }
    for (const variant of ['main', 'xhn', 'szdj'] as const) expect(isKnownPath('/requestFunds', variant), variant).toBe(false);
    expect(findRoute('/requestFunds', 'jjsk')?.hidden).toBe(false);
    expect(findRoute('/requestFunds/newFunds', 'jjsk')?.hidden).toBe(true);
    const trade = findRoute('/contractUpdate/signContract', 'jjsk');
    expect(trade?.hidden).toBe(true);
    expect(findRoute('/operator', 'jjsk')?.hidden).toBe(true);
    expect(findRoute('/message', 'jjsk')?.hidden).toBe(false);
    expect(findRoute('/payment/interlinkingManagement')).toBeDefined();
  });

  it('lists the paths the server serves, removed ones excluded', () => {
    const main = routePaths('main');
    expect(main).toContain('/home');
    expect(main).toContain('/Withdrawal');
    expect(main).toContain('/ops/notices');
    expect(main).not.toContain('/requestFunds');
    expect(routePaths('jjsk')).toContain('/requestFunds/payFunds');
    expect(new Set(main).size).toBe(main.length);
  });

  it("renders /home with the variant's home page and records the open keys", () => {
    for (const variant of VARIANT_IDS) {
      expect(findRoute('/home', variant)?.render).toEqual({ page: getVariant(variant).homePage });
    }
    expect(findRoute('/payment/RecordTabs')?.parentKeys).toEqual(['payment']);
    expect(findRoute('/operator')?.parentKeys).toEqual(['accountCentre']);
  });

  it('rejects an unknown variant', () => {
    expect(() => getVariant('nope')).toThrow(/Unknown variant 'nope'/);
  });
});
