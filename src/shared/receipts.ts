// Receipts (DESIGN §5 "Receipts", §8 "every transfer has a receipt"): a receipt is a view of one
// ledger transfer, printed by one of the SPEC §2 receipt pages (`/<Template>?id=<transferId>`),
// or of one recorded step that moves no money (a bill's delay: `/CollectionDelay?id=<eventId>`,
// EVENT_RECEIPTS). This file is the one table of which transfer kinds and which recorded steps
// have which receipt template; the server (GET /api/receipts/:id) and the console (links from
// records and ledger flows) both read it.
import { chinaDay } from './chinaTime';
import { consolePath } from './consolePaths';

/** The receipt templates a ledger transfer can have (routes of schemas/menu.json, group receipts). */
export const RECEIPT_TEMPLATES = [
  'Chainpayment',
  'PaymentReleaseReceipt',
  'ReleaseReceipt',
  'Entropygold',
  'Entropygoldrefund',
  'Withdrawal',
  'Solution',
  'Solutions',
  'Solutionsback',
  'CollectionDelay',
  'HSolution',
  'HPaymentReleaseReceipt',
  'HReleaseReceipt',
  'Interconnectedsingle',
  'HLSolution',
] as const;
export type ReceiptTemplate = (typeof RECEIPT_TEMPLATES)[number];

/** Which party's copy: a release has the buyer's copy (paid out of escrow) and the seller's (received). */
export type ReceiptSide = 'buyer' | 'seller';

/**
 * Transfer kind -> the templates of its receipt. The first is the kind's default; a release has
 * two copies (buyer: PaymentReleaseReceipt, seller: ReleaseReceipt). Kinds not listed (deposit,
 * objectionForfeited, objectionFee) have no receipt page of their own: the Entropygold receipt of
 * the deposit's hold shows it forfeited.
 */
export const RECEIPT_TEMPLATES_BY_KIND: Readonly<Record<string, readonly ReceiptTemplate[]>> = {
  // The buyer's collateral held in escrow.
  collateral: ['Chainpayment'],
  // The collateral hold posted on release: the buyer's ledger line of the release (its copy).
  collateralPosted: ['PaymentReleaseReceipt'],
  // Escrow pays the seller: the seller's copy first, the buyer's copy second.
  release: ['ReleaseReceipt', 'PaymentReleaseReceipt'],
  // The collateral hold voided: escrow returns it to the buyer (the buyer is the payee).
  refund: ['ReleaseReceipt'],
  objectionDeposit: ['Entropygold'],
  objectionReturned: ['Entropygoldrefund'],
  // The withdrawal's hold, and its outcome (paid out or returned) shown as the receipt's status.
  withdrawal: ['Withdrawal'],
  withdrawalPaid: ['Withdrawal'],
  withdrawalReturned: ['Withdrawal'],
  // A bill paid on its own; one bill's part of a payment of several (the receipt prints the whole
  // payment); a payment reversed by ops, back to the payer.
  billPayment: ['Solution'],
  billBatchPayment: ['Solutions'],
  billPaymentReversed: ['Solutionsback'],
  // A payment request paid under a contract alone (jjsk, docs/decisions.md "Payment requests"): a
  // payment to the payee like a bill's, so the same Solution receipt. Under a bill it is a billPayment.
  requestPayment: ['Solution'],
  // A clearing run's settlement of a net position, wallet to wallet (mutual netting, xhn).
  nettingSettlement: ['HLSolution'],
};

/**
 * Receipts that print no transfer: Interconnectedsingle is a participant's view of one clearing
 * run (its bills, cleared parts, net position), its id that of the participant's run record
 * (clearing_run_parties), not a transfer's.
 */
export const RUN_RECEIPT_TEMPLATE = 'Interconnectedsingle' satisfies ReceiptTemplate;

/**
 * The mutual variant's copies (xhn, DESIGN §9): a transfer of a mutual-promise contract (a
 * contract whose `source` is `mutualOffer`, or a bill under one) opens with these, first; the
 * plain copy prints the same facts and still opens (ledger flows link it). Same order as above:
 * a release's seller copy first, the buyer's second.
 */
export const MUTUAL_RECEIPT_TEMPLATES_BY_KIND: Readonly<Record<string, readonly ReceiptTemplate[]>> = {
  collateralPosted: ['HPaymentReleaseReceipt'],
  release: ['HReleaseReceipt', 'HPaymentReleaseReceipt'],
  refund: ['HReleaseReceipt'],
  billPayment: ['HSolution'],
};

/** The plain template a mutual copy prints the facts of (its parties and status follow that template's rules). */
export const PLAIN_TEMPLATE_OF: Readonly<Partial<Record<ReceiptTemplate, ReceiptTemplate>>> = {
  HSolution: 'Solution',
  HPaymentReleaseReceipt: 'PaymentReleaseReceipt',
  HReleaseReceipt: 'ReleaseReceipt',
};

/** Where a contract's `source` says it is a mutual-promise one (contracts.json). */
export const MUTUAL_CONTRACT_SOURCE = 'mutualOffer';

/**
 * Receipts of a recorded step that moves no money: template -> the resource and action whose
 * event (resource_events row) it prints. The receipt's id is the event's id.
 */
export const EVENT_RECEIPTS = {
  CollectionDelay: { resource: 'bills', action: 'delay' },
} as const satisfies Partial<Record<ReceiptTemplate, { resource: string; action: string }>>;
export type EventReceiptTemplate = keyof typeof EVENT_RECEIPTS;

export const isEventReceipt = (template: string | undefined): template is EventReceiptTemplate => template !== undefined && Object.hasOwn(EVENT_RECEIPTS, template);

/** What a receipt's status can be (labels: receipts:status.<status>). */
export const RECEIPT_STATUSES = ['inEscrow', 'released', 'refunded', 'held', 'returned', 'forfeited', 'processing', 'paid', 'completed', 'delayed'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** The templates a transfer of `kind` is printed with (none: it has no receipt); a mutual-promise contract's copies first. */
export const receiptTemplatesOf = (kind: string, mutual = false): readonly ReceiptTemplate[] => [
  ...(mutual ? (MUTUAL_RECEIPT_TEMPLATES_BY_KIND[kind] ?? []) : []),
  ...(RECEIPT_TEMPLATES_BY_KIND[kind] ?? []),
];

/** Whether `template` prints a transfer of `kind` (a request for another template is a 404). */
export const receiptFits = (template: string, kind: string, mutual = false): boolean => receiptTemplatesOf(kind, mutual).includes(template as ReceiptTemplate);

/** The template of a transfer for the viewer's side (only a release differs by side); undefined when it has no receipt. */
export function receiptTemplateOf(kind: string, side?: ReceiptSide, mutual = false): ReceiptTemplate | undefined {
  const templates = receiptTemplatesOf(kind, mutual);
  if (kind === 'release' && side === 'buyer') return mutual ? 'HPaymentReleaseReceipt' : 'PaymentReleaseReceipt';
  return templates[0];
}

/** The console path of a transfer's receipt, `/<Template>?id=<transferId>`; undefined when the kind has none. */
export function receiptPathOf(kind: string, transferId: string, side?: ReceiptSide, mutual = false): string | undefined {
  const template = receiptTemplateOf(kind, side, mutual);
  return template ? receiptPath(template, transferId) : undefined;
}

/** The page of a receipt; `transferId` is the event's id for an event receipt. */
export const receiptPath = (template: ReceiptTemplate, transferId: string) => `/${template}?id=${encodeURIComponent(transferId)}`;

/** The public verification page (schemas/menu.json route receiptVerify): anyone holding the link may check it. */
export const RECEIPT_VERIFY_PATH = consolePath('receiptVerify');
export const receiptVerifyPath = (template: ReceiptTemplate, transferId: string) =>
  `${RECEIPT_VERIFY_PATH}?${new URLSearchParams({ id: transferId, template }).toString()}`;

/**
 * A receipt's number: LSF, the China day of the transfer (yyyymmdd) and the first 12 hex digits of
 * the transfer id, upper case. Derived, never stored: the transfer id is the receipt's identity.
 */
export function receiptNumber(transferId: string, at: Date): string {
  const day = chinaDay(at).replace(/-/g, '');
  return `LSF${day}${transferId.replace(/-/g, '').slice(0, 12).toUpperCase()}`;
}

/** A payer or payee: a business account, one of the platform's accounts, or the bank account a withdrawal goes to. */
export interface ReceiptParty {
  kind: 'account' | 'platform' | 'bank';
  name: string;
  /** The platform account's code (escrow, objectionDeposits, ...) or the bank and masked account number. */
  detail?: string;
}

/** GET /api/receipts/:id?template= (parties of the transfer and ops): a transfer's receipt. */
export interface ReceiptView {
  transferId: string;
  template: ReceiptTemplate;
  number: string;
  kind: string;
  /** Yuan, two decimals. */
  amount: string;
  /** The amount in Chinese capitals (capitalAmount). */
  capitals: string;
  payer: ReceiptParty;
  payee: ReceiptParty;
  /** ISO time of the transfer. */
  time: string;
  status: ReceiptStatus;
  reference: {
    resource: string;
    id: string;
    /** The record's number (a contract's number is its id). */
    number: string;
    /** The contract's title; absent for a withdrawal. */
    title?: string;
    /** The console page of the record for the caller. */
    path: string;
  };
  /** Absolute URL of the public verification page (the QR code). */
  verifyUrl: string;
  /** A payment of several bills (Solutions): each bill's part, as the viewer may see them. */
  lines?: ReceiptLine[];
  /** A participant's clearing run (Interconnectedsingle): its net position, settlement and bills. */
  run?: RunReceiptPart;
  /** A payment of a part passed on (issue 31): the original bill and the chain of holders down to the part paid. */
  chain?: ReceiptChain;
}

/** The bill a paid part was passed on from, back to the original bill: each link's holder, amount received and when. */
export interface ReceiptChain {
  rootBillId: string;
  /** From the original bill (its payee, the amount it was issued with) to the part paid. */
  links: { billId: string; holder: string; amount: string; at: string }[];
}

/** What an Interconnectedsingle receipt adds: the participant's side of one clearing run (yuan strings). */
export interface RunReceiptPart {
  runId: string;
  /** Owed minus owing after clearing (negative: it owed). */
  netPosition: string;
  /** Paid (negative) or received (positive) by the run's settlement transfers. */
  settled: string;
  unsettled: string;
  unsettledReason?: 'insufficientBalance' | 'counterpartyUnsettled';
  bills: RunReceiptBill[];
}

/** One of the participant's bills in the run, with what clearing and the settlement took off it. */
export interface RunReceiptBill {
  billId: string;
  title: string;
  payer: string;
  payee: string;
  open: string;
  cleared: string;
  settled: string;
}

/** A bill's delay (CollectionDelay): the due days before and after, and why. */
export interface ReceiptDelay {
  fromDay: string;
  toDay: string;
  reason: string;
}

/**
 * The receipt of a recorded step (CollectionDelay): the same printed facts as a transfer's, its
 * amount being the bill's open amount when the step was taken; the id is the event's.
 */
export interface EventReceiptView extends Omit<ReceiptView, 'transferId' | 'lines'> {
  eventId: string;
  delay: ReceiptDelay;
}

/** Either receipt, as GET /api/receipts/:id answers it. */
export type AnyReceiptView = ReceiptView | EventReceiptView;

/** One bill of a payment of several. */
export interface ReceiptLine {
  billId: string;
  title: string;
  payee: string;
  amount: string;
}

/** GET /api/public/receipts/:transferId?template=: only what the printed receipt shows. */
export interface PublicReceiptView {
  genuine: true;
  template: ReceiptTemplate;
  number: string;
  amount: string;
  capitals: string;
  payer: string;
  payee: string;
  time: string;
  /** The transfer's kind (none for a recorded step's receipt): a payment request paid under a contract prints on the Solution template but is titled as a payment request's receipt (web receiptTitle.ts). */
  kind?: string;
  /** A delay's receipt (CollectionDelay): the due days and the reason it prints. */
  delay?: ReceiptDelay;
}

/** One receipt of a record (GET /api/receipts?resource=&id=), for the record's page. */
export interface RecordReceipt {
  transferId: string;
  kind: string;
  template: ReceiptTemplate;
  amount: string;
  time: string;
  path: string;
}

/** A recorded step's receipt in a record's list: `kind` is the step (delay), the id the event's. */
export interface EventRecordReceipt extends Omit<RecordReceipt, 'transferId'> {
  eventId: string;
}
