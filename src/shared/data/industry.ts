// Industry categories of GB/T 4754-2017 (Industrial classification for national economic
// activities): the 20 sections (A-T) and their 97 divisions (two-digit codes 01-97). The names
// live in industry.json; English names are descriptive translations, the Chinese ones are the
// standard's (see the file's "note").
//
// What a form stores is the division code ('01'..'97'): it is the finest level the forms ask
// for and it determines its section. Every section of the standard has at least one division,
// so a section letter on its own is never a complete answer and isIndustryCode rejects it.
import type { Language } from '../constants';
import industry from './industry.json';

export interface IndustryDivision {
  code: string;
  name: string;
  nameEn: string;
}

export interface IndustrySection extends IndustryDivision {
  divisions: IndustryDivision[];
}

/** An antd Cascader option: value is the section letter or the division code. */
export interface IndustryOption {
  value: string;
  label: string;
  children?: IndustryOption[];
}

export const INDUSTRY_STANDARD: string = industry.standard;

/** The sections in the standard's order, each with its divisions in code order. */
export const INDUSTRY_SECTIONS: readonly IndustrySection[] = industry.sections;

let divisionIndex: Map<string, { division: IndustryDivision; section: IndustrySection }> | undefined;

function divisions(): Map<string, { division: IndustryDivision; section: IndustrySection }> {
  if (!divisionIndex) {
    divisionIndex = new Map();
    for (const section of INDUSTRY_SECTIONS) {
      for (const division of section.divisions) divisionIndex.set(division.code, { division, section });
    }
  }
  return divisionIndex;
}

const labelOf = (entry: IndustryDivision, lang: Language): string => (lang === 'en-US' ? entry.nameEn : entry.name);

/** Section -> division options for an antd Cascader, labelled in `lang`. A fresh tree per call. */
export function industryTree(lang: Language): IndustryOption[] {
  return INDUSTRY_SECTIONS.map((section) => ({
    value: section.code,
    label: labelOf(section, lang),
    children: section.divisions.map((division) => ({ value: division.code, label: labelOf(division, lang) })),
  }));
}

/** Whether `code` is a division code of the standard ('01'..'97'), the value the forms store. */
export function isIndustryCode(code: string): boolean {
  return typeof code === 'string' && divisions().has(code);
}

/** The Cascader value of a stored division code: ['C', '13']. Empty for an unknown code. */
export function industryPath(code: string): string[] {
  const entry = divisions().get(code);
  return entry ? [entry.section.code, entry.division.code] : [];
}

/** 'Section / division' in `lang`, e.g. the show page text for '13'. The code itself if unknown. */
export function industryPathName(code: string, lang: Language, separator = ' / '): string {
  const entry = divisions().get(code);
  if (!entry) return code;
  return `${labelOf(entry.section, lang)}${separator}${labelOf(entry.division, lang)}`;
}
