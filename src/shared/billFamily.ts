// A bill's family as GET /api/settlement/bills/:id/family answers it (settlement/family.ts) and the
// bill's page draws it (src/web/pages/settlement/BillFamily.tsx): the root bill and the parts
// passed on from it, each with its children.

export interface BillFamilyNode {
  billId: string;
  /** The bill this part was passed on from; null for the root. */
  parentBillId: string | null;
  /** Who holds it (its payee) and who owes it, by name. */
  holder: string;
  payer: string;
  /** Yuan: as issued or received, what it is for now (less the parts passed on), paid, cleared, open. */
  issuedAmount: string;
  amount: string;
  paidAmount: string;
  clearedAmount: string;
  openAmount: string;
  dueDay: string;
  state: string;
  /** ISO time it was made: issued, or passed on. */
  createdAt: string;
  /** Whether the caller may open the bill's own page. */
  readable: boolean;
  children: BillFamilyNode[];
}
