// A copy of the declarative files (schemas/, variants/, menu locale files) in a temp directory,
// for tests that add or break a file without touching the repository.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../src/server/paths';

export function copySchemaRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-schemas-'));
  for (const dir of ['schemas', 'variants']) fs.cpSync(path.join(repoRoot, dir), path.join(root, dir), { recursive: true });
  for (const lang of ['zh-CN', 'en-US']) {
    const rel = `src/shared/locales/${lang}/menu.json`;
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, rel), path.join(root, rel));
  }
  return root;
}

/** The worked example of docs/add-a-resource.md: a warehouse register under the account centre. */
export const WAREHOUSES = {
  name: 'warehouses',
  permissionId: 'account',
  ownership: 'account',
  record: {
    type: 'object',
    required: ['name', 'region', 'capacity', 'rent', 'kind'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 2, maxLength: 50 },
      kind: { type: 'string', enum: ['normal', 'cold', 'bonded'], 'x-kind': 'enum' },
      region: { type: 'array', items: { type: 'string' }, minItems: 3, maxItems: 3, 'x-kind': 'region' },
      capacity: { type: 'integer', minimum: 1, maximum: 1000000 },
      rent: { type: 'string', format: 'money', 'x-kind': 'money' },
    },
  },
  list: {
    columns: ['name', 'kind', 'capacity', 'rent', 'state', 'createdAt'],
    filters: [
      { field: 'name', kind: 'text' },
      { field: 'kind', kind: 'enum' },
      { field: 'rent', kind: 'amountRange' },
    ],
    defaultSort: '-createdAt',
    sortable: ['rent', 'capacity', 'createdAt'],
  },
  show: { sections: [{ key: 'basic', fields: ['name', 'kind', 'region', 'capacity', 'rent', 'state'] }] },
  form: { fields: ['name', 'kind', 'region', 'capacity', 'rent'] },
  states: { initial: 'active', values: ['active', 'closed'], editableIn: ['active'] },
  actions: [{ name: 'close', from: ['active'], to: 'closed', ability: 'edit', confirm: true }],
  labels: {
    'zh-CN': {
      title: '仓库管理',
      fields: { name: '仓库名称', kind: '仓库类型', region: '所在地区', capacity: '容量（吨）', rent: '月租金（元）', state: '状态', createdAt: '创建时间' },
      enums: { kind: { normal: '普通仓', cold: '冷库', bonded: '保税仓' } },
      states: { active: '使用中', closed: '已停用' },
      actions: { close: { label: '停用', confirm: '停用后不能再编辑，确定停用吗？' } },
      sections: { basic: '仓库信息' },
    },
    'en-US': {
      title: 'Warehouses',
      fields: { name: 'Name', kind: 'Type', region: 'Region', capacity: 'Capacity (t)', rent: 'Monthly rent (CNY)', state: 'Status', createdAt: 'Created' },
      enums: { kind: { normal: 'Standard', cold: 'Cold storage', bonded: 'Bonded' } },
      states: { active: 'In use', closed: 'Closed' },
      actions: { close: { label: 'Close', confirm: 'A closed warehouse can no longer be edited. Close it?' } },
      sections: { basic: 'Warehouse' },
    },
  },
  menu: { parent: 'accountCentre', path: '/operator/warehouses', icon: 'HomeOutlined' },
};
