// GB/T 4754-2017 industry categories (src/shared/data/industry.json and industry.ts).
import { describe, expect, it } from 'vitest';
import {
  INDUSTRY_SECTIONS,
  INDUSTRY_STANDARD,
  industryPath,
  industryPathName,
  industryTree,
  isIndustryCode,
} from '../../src/shared/data/industry';

// The division ranges of each section in the standard.
const RANGES: Record<string, [number, number]> = {
  A: [1, 5], B: [6, 12], C: [13, 43], D: [44, 46], E: [47, 50], F: [51, 52], G: [53, 60], H: [61, 62],
  I: [63, 65], J: [66, 69], K: [70, 70], L: [71, 72], M: [73, 75], N: [76, 79], O: [80, 82], P: [83, 83],
  Q: [84, 85], R: [86, 90], S: [91, 96], T: [97, 97],
};
const code2 = (n: number): string => String(n).padStart(2, '0');

describe('industry data', () => {
  it('is GB/T 4754-2017 with the 20 sections A-T in order', () => {
    expect(INDUSTRY_STANDARD).toBe('GB/T 4754-2017');
    expect(INDUSTRY_SECTIONS.map((s) => s.code)).toEqual([...'ABCDEFGHIJKLMNOPQRST']);
  });

  it('has the 97 divisions 01-97, each once, each under its section', () => {
    const all = INDUSTRY_SECTIONS.flatMap((s) => s.divisions.map((d) => d.code));
    expect(all).toEqual(Array.from({ length: 97 }, (_, i) => code2(i + 1)));
    for (const section of INDUSTRY_SECTIONS) {
      const [from, to] = RANGES[section.code];
      expect(section.divisions.map((d) => d.code), section.code).toEqual(
        Array.from({ length: to - from + 1 }, (_, i) => code2(from + i)),
      );
    }
  });

  it('has a Chinese and an English name for every section and division', () => {
    for (const entry of INDUSTRY_SECTIONS.flatMap((s) => [s, ...s.divisions])) {
      expect(entry.name, entry.code).toMatch(/^[\u4e00-\u9fff、，（）]+$/);
      expect(entry.nameEn, entry.code).toMatch(/^[A-Z][A-Za-z ,'-]+$/);
    }
  });

  it.each([
    ['A', '农、林、牧、渔业'],
    ['C', '制造业'],
    ['D', '电力、热力、燃气及水生产和供应业'],
    ['I', '信息传输、软件和信息技术服务业'],
    ['S', '公共管理、社会保障和社会组织'],
    ['T', '国际组织'],
  ])('section %s is %s', (code, name) => {
    expect(INDUSTRY_SECTIONS.find((s) => s.code === code)?.name).toBe(name);
  });

  it.each([
    ['01', '农业'],
    ['05', '农、林、牧、渔专业及辅助性活动'],
    ['11', '开采专业及辅助性活动'],
    ['25', '石油、煤炭及其他燃料加工业'],
    ['39', '计算机、通信和其他电子设备制造业'],
    ['43', '金属制品、机械和设备修理业'],
    ['58', '多式联运和运输代理业'],
    ['64', '互联网和相关服务'],
    ['66', '货币金融服务'],
    ['79', '土地管理业'],
    ['96', '基层群众自治组织及其他组织'],
    ['97', '国际组织'],
  ])('division %s is %s', (code, name) => {
    expect(INDUSTRY_SECTIONS.flatMap((s) => s.divisions).find((d) => d.code === code)?.name).toBe(name);
  });
});

describe('isIndustryCode', () => {
  it.each(['01', '13', '43', '70', '97'])('accepts division %s', (code) => {
    expect(isIndustryCode(code)).toBe(true);
  });

  it.each(['A', 'C', 'T', '00', '98', '1', '001', '011', 'C13', '', ' 01'])('rejects %j', (code) => {
    expect(isIndustryCode(code)).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isIndustryCode(1 as unknown as string)).toBe(false);
  });
});

describe('industryTree and display', () => {
  it('gives section -> division Cascader options in either language', () => {
    const zh = industryTree('zh-CN');
    const en = industryTree('en-US');
    expect(zh).toHaveLength(20);
    expect(zh[2]).toMatchObject({ value: 'C', label: '制造业' });
    expect(zh[2].children?.[0]).toEqual({ value: '13', label: '农副食品加工业' });
    expect(en[2]).toMatchObject({ value: 'C', label: 'Manufacturing' });
    expect(en[2].children?.[0]).toEqual({ value: '13', label: 'Processing of Food from Agricultural Products' });
    expect(zh.flatMap((s) => s.children ?? [])).toHaveLength(97);
    expect(industryTree('zh-CN')).not.toBe(zh);
  });

  it('maps a stored division code to its Cascader path and display text', () => {
    expect(industryPath('13')).toEqual(['C', '13']);
    expect(industryPath('70')).toEqual(['K', '70']);
    expect(industryPath('98')).toEqual([]);
    expect(industryPathName('65', 'zh-CN')).toBe('信息传输、软件和信息技术服务业 / 软件和信息技术服务业');
    expect(industryPathName('66', 'en-US')).toBe('Finance / Monetary Financial Services');
    expect(industryPathName('98', 'zh-CN')).toBe('98');
  });
});
