// Invoices (schemas/resources/invoiceRequests.json; issue 19): platform operations issue
// a requested invoice with its number, date, amount and file, or reject it with a reason.
//
// The amount: never more than the request asked for, nor than what it refers to: the contract's
// amount when it names one (less what other issued invoices of the account already cover under
// that contract), else the service fees the account paid the platform (its forfeited objection
// deposits, the fees the ledger holds: posted objectionDeposit lines of its wallet) less the
// invoices already issued without a contract. Over it: 400 on issuedAmount, nothing written. The
// request itself was held to the same figures, less the requests still waiting (request.ts); this
// check stays for what changed since (two requests made at once).
//
// The file: one uploaded by the issuing ops user's account through POST /api/files, whose type
// that route detected from the content (PDF, JPEG, PNG, WebP; never the name). Issuing hands the
// file to the requesting account, so its users read and download it from the record.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { formatMoney, yuanToFen } from '../../../shared/money';
import { files, ledgerLines, resourceRecords } from '../../db/schema';
import type { Db } from '../../db/client';
import { fieldError } from '../../errors';
import type { ActionHandler } from '../../resources/handlers';

/** What the files domain accepts, by detected content. */
const INVOICE_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];

const fen = (value: unknown): bigint => (typeof value === 'string' && value ? yuanToFen(value) : 0n);

/**
 * Invoices of the account under this contract (or with none), other than `except`: the issued
 * ones by their issued amount, and with `pending` the requests still waiting by their amount.
 */
export async function invoicedFen(tx: Db, accountId: string, contractId: string | null, { except, pending = false }: { except?: string; pending?: boolean } = {}): Promise<bigint> {
  const [row] = await tx
    .select({
      sum: sql<string>`coalesce(sum((case when ${resourceRecords.state} = 'issued' then ${resourceRecords.data}->>'issuedAmount' else ${resourceRecords.data}->>'amount' end)::numeric * 100), 0)::bigint::text`,
    })
    .from(resourceRecords)
    .where(
      and(
        eq(resourceRecords.resource, 'invoiceRequests'),
        eq(resourceRecords.accountId, accountId),
        pending ? inArray(resourceRecords.state, ['issued', 'requested']) : eq(resourceRecords.state, 'issued'),
        except ? ne(resourceRecords.id, except) : undefined,
        contractId ? sql`${resourceRecords.data}->>'contractId' = ${contractId}` : sql`${resourceRecords.data}->>'contractId' is null`,
      ),
    );
  return BigInt(row.sum);
}

/** What the contract amounts to, in fen (0 for none). */
export async function contractFen(tx: Db, contractId: string): Promise<bigint> {
  const [contract] = await tx.select({ data: resourceRecords.data }).from(resourceRecords).where(and(eq(resourceRecords.id, contractId), eq(resourceRecords.resource, 'contracts')));
  return contract ? fen(contract.data.amount) : 0n;
}

/** The fees the account paid the platform: its forfeited objection deposits. */
export async function feesPaidFen(tx: Db, accountId: string): Promise<bigint> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${ledgerLines.amount}), 0)::text` })
    .from(ledgerLines)
    .where(and(eq(ledgerLines.accountId, accountId), eq(ledgerLines.kind, 'objectionDeposit'), eq(ledgerLines.state, 'posted')));
  return BigInt(row.sum);
}

export const issue: ActionHandler = async ({ tx, record, input, accountId: opsAccountId }) => {
  const requester = record.accountId!;
  const amount = fen(input.issuedAmount);
  if (amount <= 0n) throw fieldError({ issuedAmount: 'api:amountPositive' });
  const requested = fen(record.data.amount);
  if (amount > requested) throw fieldError({ issuedAmount: { key: 'api:invoiceOverRequested', params: { requested: formatMoney(requested) } } });
  const contractId = typeof record.data.contractId === 'string' ? record.data.contractId : null;
  if (contractId) {
    const open = (await contractFen(tx, contractId)) - (await invoicedFen(tx, requester, contractId, { except: record.id }));
    if (amount > open) throw fieldError({ issuedAmount: { key: 'api:invoiceOverContract', params: { open: formatMoney(open > 0n ? open : 0n) } } });
  } else {
    const open = (await feesPaidFen(tx, requester)) - (await invoicedFen(tx, requester, null, { except: record.id }));
    if (amount > open) throw fieldError({ issuedAmount: { key: 'api:invoiceOverFees', params: { open: formatMoney(open > 0n ? open : 0n) } } });
  }

  const [fileId] = input.invoiceFile as string[];
  const [file] = await tx.select().from(files).where(sql`${files.id}::text = ${fileId}`);
  if (!file || file.accountId !== opsAccountId) throw fieldError({ invoiceFile: 'api:referenceUnknown' });
  if (!INVOICE_FILE_TYPES.includes(file.type)) throw fieldError({ invoiceFile: 'api:invoiceFileType' });
  // The requester's from now on: its users read it through GET /api/files/:id like their own uploads.
  await tx.update(files).set({ accountId: requester }).where(eq(files.id, file.id));
  return { patch: { invoiceNumber: input.invoiceNumber, invoiceDate: input.invoiceDate, issuedAmount: input.issuedAmount, invoiceFile: [file.id] } };
};

export const reject: ActionHandler = async ({ input }) => ({ patch: { rejectReason: input.reason } });
