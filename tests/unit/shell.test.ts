// Pure parts of the console shell: the tab rules, settings merging, access-control mapping,
// and the rules that keep menu.json, the page registry, the icons and the locales in step.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MENU, VARIANTS } from '../../src/shared/menu';
import { walkMenu } from '../../src/shared/schema/walk';
import { closeAll, closeLeft, closeRight, closeTab, nextActive, showsRecord, visit, type Tab } from '../../src/web/shell/tabs/tabsModel';
import { mergeSettings } from '../../src/web/shell/settings/settingsModel';

const tab = (pathname: string, search = ''): Tab => ({ key: pathname, location: { pathname, search, hash: '' } });
const keys = (tabs: Tab[]) => tabs.map((t) => t.key);
const ROOT = path.resolve(import.meta.dirname, '../..');

describe('tab rules (SPEC §2 Multi-tab bar)', () => {
  const five = ['/home', '/a', '/b', '/c', '/d'].map((p) => tab(p));

  it('opens one tab per route, keeping the query of the latest visit', () => {
    let tabs = visit([], { pathname: '/home', search: '', hash: '' });
    tabs = visit(tabs, { pathname: '/a', search: '?page=2', hash: '' });
    const same = visit(tabs, { pathname: '/a', search: '?page=2', hash: '' });
    expect(same).toBe(tabs);
    tabs = visit(tabs, { pathname: '/a', search: '?page=3', hash: '' });
    expect(keys(tabs)).toEqual(['/home', '/a']);
    expect(tabs[1].location.search).toBe('?page=3');
  });

  it('closes one, right, left and all; the last one never', () => {
    expect(closeTab(five, '/b')).toEqual({ ok: true, tabs: [five[0], five[1], five[3], five[4]] });
    expect(closeRight(five, '/b')).toEqual({ ok: true, tabs: five.slice(0, 3) });
    expect(closeLeft(five, '/b')).toEqual({ ok: true, tabs: five.slice(2) });
    expect(closeAll(five, '/b')).toEqual({ ok: true, tabs: [five[2]] });
    expect(closeTab([five[0]], '/home')).toEqual({ ok: false, reason: 'lastTab' });
    expect(closeAll([five[0]], '/home')).toEqual({ ok: false, reason: 'lastTab' });
  });

  it('says there is no tab on the side asked for', () => {
    expect(closeLeft(five, '/home')).toEqual({ ok: false, reason: 'noLeft' });
    expect(closeRight(five, '/d')).toEqual({ ok: false, reason: 'noRight' });
    expect(closeLeft([five[0]], '/home')).toEqual({ ok: false, reason: 'noLeft' });
    expect(closeRight([five[0]], '/home')).toEqual({ ok: false, reason: 'noRight' });
  });

  it('moves from a closed active tab to its right neighbour, else its left one', () => {
    expect(nextActive(five, [five[0], five[1], five[3], five[4]], '/b')?.key).toBe('/c');
    expect(nextActive(five, five.slice(0, 4), '/d')?.key).toBe('/c');
    expect(nextActive(five, five.slice(0, 3), '/d')?.key).toBe('/b');
    expect(nextActive(five, five, '/b')).toBeNull();
  });

  it("knows the tabs that show a record (closed when it is deleted): its show and edit pages, a page opened with its ?id=", () => {
    const at = (pathname: string, search = '') => ({ pathname, search, hash: '' });
    expect(showsRecord(at('/outgoing/chainPayment/show/r1'), 'r1')).toBe(true);
    expect(showsRecord(at('/outgoing/chainPayment/edit/r1'), 'r1')).toBe(true);
    expect(showsRecord(at('/contract/details', '?id=r1'), 'r1')).toBe(true);
    expect(showsRecord(at('/outgoing/chainPayment/show/r2'), 'r1')).toBe(false);
    expect(showsRecord(at('/outgoing/chainPayment'), 'r1')).toBe(false);
    expect(showsRecord(at('/contract/details', '?id=r12'), 'r1')).toBe(false);
  });
});

describe('shell settings (SPEC §9)', () => {
  const defaults = VARIANTS.main.settings;

  it('takes each valid stored field and falls back per field', () => {
    expect(mergeSettings(defaults, null)).toEqual(defaults);
    expect(mergeSettings(defaults, { theme: 'light', multiTab: false, primaryColor: '#52C41A' })).toEqual({ ...defaults, theme: 'light', multiTab: false, primaryColor: '#52C41A' });
    expect(mergeSettings(defaults, { theme: 'neon', layout: 'topmenu', weakMode: 1, primaryColor: 'red', extra: true })).toEqual({ ...defaults, layout: 'topmenu' });
  });

  it('defaults come from the variant files (both SPEC readings)', () => {
    expect(VARIANTS.main.settings).toMatchObject({ theme: 'dark', layout: 'sidemenu', contentWidth: 'fluid', fixedHeader: false, multiTab: true });
    expect(VARIANTS.jjsk.settings).toMatchObject({ theme: 'dark', layout: 'sidemenu', contentWidth: 'fluid', fixedHeader: false, multiTab: false });
  });
});

describe('menu.json, the page registry and the icons stay in step', () => {
  const routes = walkMenu(MENU);

  it('registers every named page menu.json and the variants use', async () => {
    const source = fs.readFileSync(path.join(ROOT, 'src/web/pages/registry.ts'), 'utf8');
    const registered = new Set([...source.matchAll(/^\s{2}(\w+): /gm)].map((m) => m[1]));
    const named = new Set([
      ...routes.flatMap((r) => (r.render && 'page' in r.render && r.key !== 'home' ? [r.render.page] : [])),
      ...Object.values(VARIANTS).map((v) => v.homePage),
    ]);
    expect([...named].filter((name) => !registered.has(name))).toEqual([]);
  });

  it('has an icon for every entry that can appear in navigation', async () => {
    const { MENU_ICONS } = await import('../../src/web/shell/menuIcons');
    const navigable = routes.filter((r) => r.layout === 'main' && !r.hidden).map((r) => r.icon);
    expect([...new Set(navigable)].filter((icon) => !MENU_ICONS[icon])).toEqual([]);
  });
});

describe('texts', () => {
  // Every namespace, so a new page's locale file cannot miss a key in one language.
  const NAMESPACES = fs.readdirSync(path.join(ROOT, 'src/shared/locales/zh-CN')).map((file) => file.replace(/\.json$/, ''));
  const flat = (tree: object, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? flat(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
  const read = (language: string, ns: string) => JSON.parse(fs.readFileSync(path.join(ROOT, `src/shared/locales/${language}/${ns}.json`), 'utf8')) as object;

  // i18next plural forms differ by language (English has _one, Chinese only _other): compare bases.
  const keys = (language: string, ns: string) => [...new Set(flat(read(language, ns)).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();

  it.each(NAMESPACES)('%s has the same keys in zh-CN and en-US', (ns) => {
    expect(keys('en-US', ns)).toEqual(keys('zh-CN', ns));
  });

  it('keeps Chinese out of the console code (every text comes from the locale files)', () => {
    const files = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
    const offenders = files(path.join(ROOT, 'src/web')).filter((file) => {
      // Comments may quote the SPEC's Chinese wording; code and JSX may not.
      const code = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
      return /[\u4e00-\u9fff]/.test(code);
    });
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
