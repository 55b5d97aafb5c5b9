// Wire types of counterparty search (GET /system/personal/searchCom), the public introduction of
// an account (POST /system/personal/company/introduction) and the mutual-promise service.

/** What any approved account may learn about another approved account: public fields only. */
export interface CounterpartyView {
  id: string;
  type: 'enterprise' | 'personal';
  /** An enterprise's registered name; a person's name masked to its first character. */
  name: string;
  /** Unified social credit code of an enterprise (public on its licence); null for a person. */
  creditCode: string | null;
  /** GB/T 4754 industry code, as authenticated. */
  industry: string | null;
  /** Province and city codes of the authenticated location (no district, no street address). */
  region: string[];
  /** When its authentication was approved. */
  authenticatedAt: string | null;
  /** Whether it has opened the mutual-promise service (xhn counterparties need it). */
  mutualOpened: boolean;
}

export interface MutualServiceView {
  opened: boolean;
  openedAt: string | null;
}

/** A person's name as shown to strangers: the first character, then one mask per remaining one. */
export function maskPersonName(name: string): string {
  const chars = [...name.trim()];
  return chars.length <= 1 ? chars.join('') : chars[0] + '*'.repeat(chars.length - 1);
}
