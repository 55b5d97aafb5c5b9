// What a clearing run would do now (issue 31 item 5), as GET /api/settlement/clearing-preview
// answers it (settlement/preview.ts) and the clearing runs page shows it
// (src/web/pages/settlement/ClearingPreview.tsx). Yuan strings.

/** One counterparty of a participant in the preview (yuan strings). */
export interface PreviewCounterparty {
  accountId: string;
  name: string;
  /** Open on the bills between them: what the participant owes it, and is owed by it. */
  payable: string;
  receivable: string;
  /** What clearing would cancel of those bills (both ways). */
  cleared: string;
  /** What the settlement would discharge of the rest (both ways). */
  settled: string;
  /** What would stay open of those bills (both ways). */
  remaining: string;
}

export interface PreviewParticipant {
  accountId: string;
  name: string;
  payable: string;
  receivable: string;
  /** What clearing would cancel of what it owes (as much of what it is owed). */
  cleared: string;
  /** Net position after clearing: positive, it would receive; negative, it would pay. */
  netPosition: string;
  /** Paid (negative) or received (positive) by the settlement transfers. */
  settled: string;
  /** What would stay open, and why (insufficientBalance: its balance does not cover its position; counterpartyUnsettled: a debtor of it does not). */
  unsettled: string;
  unsettledReason?: string;
  available: string;
  counterparties: PreviewCounterparty[];
}

export interface ClearingPreview {
  billsIn: number;
  participants: number;
  amountIn: string;
  amountCleared: string;
  /** What passing bills on along chains would write down (participants that allow chains). */
  amountChained: string;
  amountSettled: string;
  /** Ops: every participant; a participant: itself alone. */
  parties: PreviewParticipant[];
}
