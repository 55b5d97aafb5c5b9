import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  SchemaValidationError,
  assertValidSchemaFiles,
  bundledSchemaFiles,
  formatIssue,
  validateSchemaFiles,
} from '../../src/shared/schema';
import { REPO_ROOT, assertSchemas, checkSchemas } from '../../src/shared/schema/load-node';
import { LANGUAGES } from '../../src/shared/constants';

const COPIED = [
  'schemas/menu.json',
  'schemas/permissions.json',
  'variants/main.json',
  'variants/xhn.json',
  'variants/szdj.json',
  'variants/jjsk.json',
  ...LANGUAGES.map((language) => `src/shared/locales/${language}/menu.json`),
  'schemas/resources/bases/offer.json',
  'schemas/resources/accountFlows.json',
  'schemas/resources/billTransfers.json',
  'schemas/resources/bills.json',
  'schemas/resources/clearingRuns.json',
  'schemas/resources/clearingUnsettled.json',
  'schemas/resources/contractOutgoings.json',
  'schemas/resources/contracts.json',
  'schemas/resources/deposits.json',
  'schemas/resources/escrowSettlements.json',
  'schemas/resources/invoiceRequests.json',
  'schemas/resources/mutualOffers.json',
  'schemas/resources/objectionDeposits.json',
  'schemas/resources/paymentRequests.json',
  'schemas/resources/purchaseOffers.json',
  'schemas/resources/supplyOffers.json',
  'schemas/resources/withdrawals.json',
  'schemas/forms/enterpriseAuth.json',
  'schemas/forms/personalAuth.json',
];

const tempRoots: string[] = [];
afterAll(() => {
  for (const root of tempRoots) fs.rmSync(root, { recursive: true, force: true });
});

type Json = Record<string, unknown>;

/** A copy of the declarative files in a temporary directory, with `edit` applied to one of them. */
function brokenCopy(edits: Record<string, (data: Json) => void>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-schemas-'));
  tempRoots.push(root);
  for (const relative of COPIED) {
    const target = path.join(root, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const data = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, relative), 'utf8')) as Json;
    edits[relative]?.(data);
    fs.writeFileSync(target, JSON.stringify(data, null, 2));
  }
  return root;
}

const problems = (root: string) => checkSchemas(root).issues.map(formatIssue);

/** The object at a path of keys and indexes inside parsed JSON. */
function at(data: unknown, ...steps: (string | number)[]): Json {
  let node = data;
  for (const step of steps) node = (node as Record<string | number, unknown>)[step];
  return node as Json;
}

const routesOf = (menu: Json) => menu.routes as Json[];
const indexOfKey = (menu: Json, key: string) => routesOf(menu).findIndex((r) => r.key === key);

describe('the shipped files', () => {
  it('pass their meta-schemas and the cross-file checks', () => {
    expect(validateSchemaFiles(bundledSchemaFiles()).map(formatIssue)).toEqual([]);
    expect(() => assertValidSchemaFiles()).not.toThrow();
  });

  it('are the files on disk (the bundle and the loader agree)', () => {
    const result = checkSchemas();
    expect(result.issues.map(formatIssue)).toEqual([]);
    expect([...result.files].sort()).toEqual([...COPIED].sort());
  });

  it('keep Chinese in zh-CN and English in en-US for every route title', () => {
    const zh = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'src/shared/locales/zh-CN/menu.json'), 'utf8')) as { routes: Record<string, string> };
    const en = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'src/shared/locales/en-US/menu.json'), 'utf8')) as { routes: Record<string, string> };
    for (const [key, title] of Object.entries(zh.routes)) expect(title, key).toMatch(/[\u4e00-\u9fff]/);
    for (const [key, title] of Object.entries(en.routes)) expect(title, key).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('meta-schema errors name the file and the JSON pointer', () => {
  it('reports an unknown menu key a variant hides', () => {
    const root = brokenCopy({ 'variants/jjsk.json': (v) => ((v.hidden as string[])[2] = 'noSuchPage') });
    expect(problems(root)).toEqual(['variants/jjsk.json#/hidden/2: must be a menu key declared in schemas/menu.json']);
  });

  it('reports a missing property, an unknown property and a value outside an enum', () => {
    const root = brokenCopy({
      'variants/szdj.json': (v) => delete v.footer,
      'variants/main.json': (v) => {
        v.colour = 'red';
        at(v, 'settings').theme = 'blue';
      },
    });
    expect(problems(root)).toEqual([
      "variants/main.json#/colour: is not an allowed property (allowed: $schema, $comment, id, mutual, name, logo, productTitle, headerDescription, homePage, noticePlatform, agreementEndpoint, todoBusinessType, extraParams, settings, loginMode, footer, hidden, removed, friendLinks, confirmation, settlement)",
      'variants/main.json#/settings/theme: must be one of "dark", "light"',
      "variants/szdj.json#: must have required property 'footer'",
    ]);
  });

  it('describes the expected value instead of a bare pattern', () => {
    const root = brokenCopy({
      'variants/xhn.json': (v) => {
        v.loginMode = 'sso';
        at(v, 'productTitle')['en-US'] = '';
      },
      'schemas/menu.json': (m) => {
        at(m, 'routes', indexOfKey(m, 'home')).icon = 'house';
      },
    });
    const home = indexOfKey(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schemas/menu.json'), 'utf8')) as Json, 'home');
    expect(problems(root)).toEqual([
      `schemas/menu.json#/routes/${home}/icon: must be the name of an @ant-design/icons component, e.g. HomeOutlined`,
      'variants/xhn.json#/productTitle/en-US: must NOT have fewer than 1 characters',
      'variants/xhn.json#/loginMode: must be "own" or { "mainPlatform": "<http(s) URL of the main platform\'s login page>" }',
    ]);
  });

  it('points into nested menu entries and role grants', () => {
    const root = brokenCopy({
      'schemas/menu.json': (m) => {
        const offers = at(m, 'routes', indexOfKey(m, 'outgoing'), 'children', 1);
        offers.render = { page: 'supply', receipt: 'Solution' };
      },
      'schemas/permissions.json': (p) => {
        at(p, 'roles', 'viewer', 'grants').form = ['query', 'fly'];
        at(p, 'roles', 'seller', 'grants').offers = 'all';
      },
    });
    const outgoing = indexOfKey(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schemas/menu.json'), 'utf8')) as Json, 'outgoing');
    expect(problems(root)).toEqual([
      `schemas/menu.json#/routes/${outgoing}/children/1/render: must NOT have more than 1 properties`,
      'schemas/permissions.json#/roles/seller/grants/offers: must be "*" (every action) or a non-empty list of actions of the vocabulary',
      'schemas/permissions.json#/roles/viewer/grants/form/1: must be one of "add", "delete", "edit", "query", "get", "enable", "disable", "import", "export"',
    ]);
  });

  it('reports a file that is not JSON or is missing', () => {
    const root = brokenCopy({});
    fs.writeFileSync(path.join(root, 'variants/szdj.json'), '{ "id": "szdj", }');
    fs.rmSync(path.join(root, 'schemas/permissions.json'));
    const found = problems(root);
    expect(found[0]).toBe('schemas/permissions.json#: is missing');
    expect(found[1]).toMatch(/^variants\/szdj\.json#: is not valid JSON: /);
    expect(found).toHaveLength(2);
  });
});

describe('cross-file checks', () => {
  it('requires every permission id a route names to be declared, with the right tag', () => {
    const root = brokenCopy({
      'schemas/menu.json': (m) => {
        at(m, 'routes', indexOfKey(m, 'report')).permissionIds = ['form', 'nope'];
        at(m, 'routes', indexOfKey(m, 'contract')).permissionIds = ['form', 'ops'];
      },
    });
    const menu = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schemas/menu.json'), 'utf8')) as Json;
    expect(problems(root)).toEqual([
      `schemas/menu.json#/routes/${indexOfKey(menu, 'contract')}/permissionIds/1: 'ops' gates 'dashboard' pages in schemas/permissions.json, but this route is tagged 'form'`,
      `schemas/menu.json#/routes/${indexOfKey(menu, 'report')}/permissionIds/1: must be a permission id declared in schemas/permissions.json`,
    ]);
  });

  it('requires every title key in both locale files, and the same keys in both', () => {
    const root = brokenCopy({
      'src/shared/locales/en-US/menu.json': (l) => delete at(l, 'routes').task,
      'src/shared/locales/zh-CN/menu.json': (l) => delete at(l, 'roles').finance,
    });
    const menu = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schemas/menu.json'), 'utf8')) as Json;
    expect(problems(root)).toEqual([
      `schemas/menu.json#/routes/${indexOfKey(menu, 'task')}/titleKey: 'routes.task' is missing from src/shared/locales/en-US/menu.json`,
      "schemas/permissions.json#/roles/finance/titleKey: 'roles.finance' is missing from src/shared/locales/zh-CN/menu.json",
      'src/shared/locales/en-US/menu.json#/routes/task: is missing (src/shared/locales/zh-CN/menu.json has it)',
      'src/shared/locales/zh-CN/menu.json#/roles/finance: is missing (src/shared/locales/en-US/menu.json has it)',
    ]);
  });

  it("requires an action's result step to name a route of schemas/menu.json", () => {
    const root = brokenCopy({ 'schemas/resources/contracts.json': (c) => (at(c, 'actions', 3).result = 'noSuchRoute') });
    expect(problems(root)).toEqual(["schemas/resources/contracts.json#/actions/3/result: 'noSuchRoute' is not a key of schemas/menu.json"]);
  });

  it("requires a resource's paid states to be a list of its states", () => {
    const unknown = brokenCopy({ 'schemas/resources/contracts.json': (c) => (at(c, 'states').paid as string[]).push('settled') });
    expect(problems(unknown)).toEqual(["schemas/resources/contracts.json#/states/paid/5: 'settled' is not one of states.values"]);
    const notList = brokenCopy({ 'schemas/resources/contracts.json': (c) => (at(c, 'states').paid = 'collateralPaid') });
    expect(problems(notList)).toContain("schemas/resources/contracts.json#/states/paid: must be a list of the states a record is in once it was paid (a contract's collateral), read by the payment result page");
  });

  it('requires grants to name declared permission ids', () => {
    const root = brokenCopy({ 'schemas/permissions.json': (p) => (at(p, 'roles', 'finance', 'grants').payroll = '*') });
    expect(problems(root)).toEqual(['schemas/permissions.json#/roles/finance/grants/payroll: must be a permission id declared in #/permissions']);
  });

  it('checks the fixed states and the view of a resource route', () => {
    const route = (key: string, render: Json) => (m: Json) => {
      const group = (at(m, 'routes') as unknown as Json[]).find((r) => r.key === 'contractUpdate')!;
      (group.children as unknown as Json[]).find((r) => r.key === key)!.render = render;
    };
    const states = problems(brokenCopy({ 'schemas/menu.json': route('signContract', { resource: 'contracts', states: ['pendingSignature', 'paid'] }) }));
    expect(states).toEqual(["schemas/menu.json#/routes/8/children/1/render/states/1: 'paid' is not a state of contracts"]);
    const view = problems(brokenCopy({ 'schemas/menu.json': route('initiateContract', { page: 'agreements', view: 'create' }) }));
    expect(view).toContain('schemas/menu.json#/routes/8/children/0/render: must NOT have more than 1 properties');
  });

  it('checks the fixed filter, the show route and the document route of a resource route', () => {
    const route = (key: string, render: Json) => (m: Json) => {
      const group = (at(m, 'routes') as unknown as Json[]).find((r) => r.key === 'contract')!;
      (group.children as unknown as Json[]).find((r) => r.key === key)!.render = render;
    };
    const c = indexOfKey(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schemas/menu.json'), 'utf8')) as Json, 'contract');
    const filter = problems(brokenCopy({ 'schemas/menu.json': route('contractChain', { resource: 'contracts', filter: { source: ['mutualOffer', 'barter'], title: ['x'] } }) }));
    expect(filter).toEqual([
      `schemas/menu.json#/routes/${c}/children/2/render/filter/source/1: 'barter' is not a value of contracts.source`,
      `schemas/menu.json#/routes/${c}/children/2/render/filter/title: 'title' is not an enum filter of contracts`,
    ]);
    const show = problems(brokenCopy({ 'schemas/menu.json': route('contractChain', { resource: 'contracts', showRoute: 'detailspact' }) }));
    expect(show).toEqual([`schemas/menu.json#/routes/${c}/children/2/render/showRoute: 'detailspact' is not a route showing contracts (render.view show)`]);
    const printed = problems(brokenCopy({ 'schemas/menu.json': route('chainDetails', { resource: 'contracts', view: 'show', documentRoute: 'contractChain' }) }));
    expect(printed).toEqual([`schemas/menu.json#/routes/${c}/children/7/render/documentRoute: 'contractChain' is not a route printing a document (render.page contractDocument)`]);
  });

  it('checks the scopes and the create route of a resource list route', () => {
    const menu = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schemas/menu.json'), 'utf8')) as Json;
    const a = indexOfKey(menu, 'accountCentre');
    const broken = problems(
      brokenCopy({
        'schemas/menu.json': (m: Json) => {
          const group = (at(m, 'routes') as unknown as Json[]).find((r) => r.key === 'accountCentre')!;
          (group.children as unknown as Json[]).find((r) => r.key === 'requestFunds')!.render = { resource: 'paymentRequests', scopes: ['payee', 'buyer'], createRoute: 'fundsDetail' };
        },
      }),
    );
    expect(broken).toEqual([
      `schemas/menu.json#/routes/${a}/children/0/render/scopes/1: 'buyer' is not a list scope of paymentRequests (mine, ops, payer, payee)`,
      `schemas/menu.json#/routes/${a}/children/0/render/createRoute: 'fundsDetail' is not a route with the create form of paymentRequests (render.view create)`,
    ]);
  });

  it('checks the built-in views of a list and the input an action takes from each record in bulk', () => {
    const found = problems(
      brokenCopy({
        'schemas/resources/deposits.json': (d) => {
          at(d, 'list').views = [{ key: 'toConfirm', filters: { state: 'declared', payerAccount: '1' }, sort: 'payerName', action: 'approve' }];
          at(d, 'list').bulkInput = { confirm: { payAmount: 'amount' }, settle: { x: 'nowhere' } };
          delete (at(d, 'labels', 'en-US').views as Json).toConfirm;
        },
      }),
    );
    expect(found).toEqual([
      "schemas/resources/deposits.json#/list/views/0/filters/payerAccount: 'payerAccount' is not a declared filter of list.filters",
      "schemas/resources/deposits.json#/list/views/0/sort: 'payerName' is not a sortable field",
      "schemas/resources/deposits.json#/list/views/0/action: 'approve' is not one of actions",
      "schemas/resources/deposits.json#/list/bulkInput/confirm/payAmount: 'payAmount' is not a field of the action's input",
      "schemas/resources/deposits.json#/list/bulkInput/settle: 'settle' is not one of actions",
      "schemas/resources/deposits.json#/list/bulkInput/settle/x: 'nowhere' is not a field of record.properties nor a system field",
      "schemas/resources/deposits.json#/labels/en-US/views: missing the label 'toConfirm'",
    ]);
  });

  it('checks the fields a list imports: form fields a cell can hold, every required one there, its scope a party role', () => {
    const found = problems(
      brokenCopy({
        'schemas/resources/paymentRequests.json': (d) => {
          at(d, 'list').import = { fields: ['amount', 'attachments', 'nowhere', 'reason'], scope: 'nobody' };
        },
      }),
    );
    expect(found).toEqual([
      "schemas/resources/paymentRequests.json#/list/import/fields/1: 'attachments' is of a kind a spreadsheet cell cannot hold (importable: text, textarea, money, date, enum, region, industry, reference and plain strings, numbers, booleans)",
      "schemas/resources/paymentRequests.json#/list/import/fields/2: 'nowhere' is not in form.fields",
      "schemas/resources/paymentRequests.json#/list/import/fields: 'dueDay' is required: an imported row must be able to give it",
      "schemas/resources/paymentRequests.json#/list/import/scope: 'nobody' is not a party role of the resource",
    ]);
  });

  it('keeps a resource listed from a source read-only, and totals on money fields only', () => {
    const written = problems(
      brokenCopy({
        'schemas/resources/accountFlows.json': (d) => {
          d.createHandler = 'deposits.declare';
          at(d, 'form').fields = ['amount'];
          at(d, 'list').totals = ['amount', 'kind'];
        },
        'schemas/resources/deposits.json': (d) => {
          at(d, 'form').fields = [];
        },
      }),
    );
    expect(written).toEqual([
      "schemas/resources/accountFlows.json#/list/totals/1: 'kind' is not a money field of record.properties: only money is totalled",
      'schemas/resources/accountFlows.json#/createHandler: a resource listed from a source is read-only: no createHandler',
      'schemas/resources/accountFlows.json#/form/fields: a resource listed from a source is read-only: no form fields',
      'schemas/resources/deposits.json#/form/fields: a form needs at least one field',
    ]);
  });

  it('checks keys, paths and redirects of the menu', () => {
    const root = brokenCopy({
      'schemas/menu.json': (m) => {
        const report = at(m, 'routes', indexOfKey(m, 'report'));
        report.redirect = '/report/nowhere';
        const children = report.children as Json[];
        children[1].key = 'chainOutgoingList';
        children[2].path = '/report/chainOutgoingList';
        delete children[3].render;
      },
    });
    const r = indexOfKey(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schemas/menu.json'), 'utf8')) as Json, 'report');
    expect(problems(root)).toEqual([
      `schemas/menu.json#/routes/${r}/children/1/key: 'chainOutgoingList' is already the key of #/routes/${r}/children/0`,
      `schemas/menu.json#/routes/${r}/children/2/path: '/report/chainOutgoingList' is already the path of #/routes/${r}/children/0`,
      `schemas/menu.json#/routes/${r}/children/3: an entry without children must have render or redirect`,
      `schemas/menu.json#/routes/${r}/redirect: must be the path of a route declared in schemas/menu.json`,
      // jjsk hides the entry whose key was overwritten: the variant check follows the menu.
      'variants/jjsk.json#/hidden/3: must be a menu key declared in schemas/menu.json',
    ]);
  });

  it('enforces the variant rules of SPEC (file name, businessType, login mode, essential routes, redirect targets)', () => {
    const root = brokenCopy({
      'variants/xhn.json': (v) => {
        v.todoBusinessType = '0';
        v.loginMode = 'own';
      },
      'variants/szdj.json': (v) => {
        v.id = 'szdk';
        v.removed = [...(v.removed as string[]), 'home', 'chainPayment'];
      },
      'variants/jjsk.json': (v) => {
        v.hidden = [...(v.hidden as string[]), 'invalid'];
        at(v, 'footer', 'banner').href = '/payment/interlinkingManagement';
      },
    });
    expect(problems(root)).toEqual([
      "variants/jjsk.json#/hidden/14: 'invalid' is also removed; list it in hidden or in removed, not both",
      'variants/jjsk.json#/footer/banner/href: must be the path of a route of this variant (schemas/menu.json)',
      "variants/szdj.json#/id: must equal the file name 'szdj'",
      "variants/szdj.json#/removed/8: 'home' cannot be removed (every variant needs root, home, user, login, notFound)",
      "variants/szdj.json#/removed/9: removes /outgoing/chainPayment, the redirect target of 'outgoing'; remove 'outgoing' too or keep the target",
      "variants/xhn.json#/todoBusinessType: must be '1' in a mutual variant",
      'variants/xhn.json#/loginMode: must be { "mainPlatform": "<URL>" }: variant builds sign in on the main platform',
    ]);
  });

  it('lets a variant owner hide an entry by editing the variant file alone', () => {
    const root = brokenCopy({ 'variants/main.json': (v) => (v.hidden = ['report']) });
    expect(problems(root)).toEqual([]);
  });
});

describe('entry points', () => {
  it('assertSchemas throws one error listing every problem', () => {
    const root = brokenCopy({ 'variants/jjsk.json': (v) => ((v.hidden as string[])[2] = 'noSuchPage') });
    let thrown: unknown;
    try {
      assertSchemas(root);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SchemaValidationError);
    expect((thrown as SchemaValidationError).message).toContain('variants/jjsk.json#/hidden/2: must be a menu key declared in schemas/menu.json');
    expect(() => assertSchemas()).not.toThrow();
  });

  it('the CLI prints the problems and exits 1, or exits 0 when all is well', () => {
    const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
    const script = path.join(REPO_ROOT, 'scripts/check-schemas.ts');
    const root = brokenCopy({ 'variants/jjsk.json': (v) => ((v.removed as string[])[0] = 'gone') });
    const bad = spawnSync(tsx, [script, root], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('variants/jjsk.json#/removed/0: must be a menu key declared in schemas/menu.json');
    const good = spawnSync(tsx, [script], { encoding: 'utf8' });
    expect(good.stderr).toBe('');
    expect(good.status).toBe(0);
    expect(good.stdout).toMatch(new RegExp(`^schemas: ${COPIED.length} files valid`));
  }, 30_000);
});
