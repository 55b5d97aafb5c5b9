// Outgoing detail (/report/chainOutgoingList, schemas/resources/contractOutgoings.json): one line
// per contract and party (buyer or seller) the caller is, as a list source (resources/sources.ts).
// The contract gives its amount, state and counterparty; the money comes from the ledger and the
// bills table, summed in SQL per contract (their indexes on ref_id and contract_id), never from
// the jsonb of bills or transfers:
//   collateral  what was paid into escrow (collateral holds, whatever became of them)
//   released    escrow paid to the seller (release transfers)
//   refunded    escrow returned to the buyer (refund transfers)
//   billed      the contract's live bills (not rejected or cancelled: bills.state, the copy of
//               the record's state, so no bill record is read), both directions
//   paid        paid on those bills, net of reversals (bills.paid_fen)
//   open        billed less paid less cleared by mutual netting
// The id is the contract's, so a line opens the contract; each party sees its own line.
import { sql } from 'drizzle-orm';

/** Fen (bigint sum) as yuan with two decimals, a numeric column for filters, sorts and totals. */
const yuan = (fen: string) => sql.raw(`(coalesce(${fen}, 0)::numeric / 100)::numeric(20, 2)`);

export const contractOutgoings = (resource: string) => sql`
  select c.id, ${resource}::text as resource, p.account_id, c.state,
    jsonb_build_object(
      'contractId', c.id, 'title', c.data->>'title', 'side', p.role, 'counterparty', coalesce(a.name, ''),
      'amount', ${yuan(`(c.data->>'amount')::numeric * 100`)}::text,
      'collateral', ${yuan('m.collateral')}::text, 'released', ${yuan('m.released')}::text, 'refunded', ${yuan('m.refunded')}::text,
      'billed', ${yuan('b.billed')}::text, 'paid', ${yuan('b.paid')}::text, 'open', ${yuan('b.open')}::text
    ) as data,
    c.version, c.created_at, c.created_by, c.updated_at, c.updated_by, c.parties,
    p.role as side, coalesce(a.name, '') as counterparty,
    ${yuan(`(c.data->>'amount')::numeric * 100`)} as amount,
    ${yuan('m.collateral')} as collateral, ${yuan('m.released')} as released, ${yuan('m.refunded')} as refunded,
    ${yuan('b.billed')} as billed, ${yuan('b.paid')} as paid, ${yuan('b.open')} as "open"
  from resource_records c
  join record_parties p on p.record_id = c.id and p.role in ('buyer', 'seller')
  left join record_parties o on o.record_id = c.id and o.role = (case p.role when 'buyer' then 'seller' else 'buyer' end)
  left join accounts a on a.id = o.account_id
  left join lateral (
    select sum(t.amount) filter (where t.kind = 'collateral') as collateral,
      sum(t.amount) filter (where t.kind = 'release') as released,
      sum(t.amount) filter (where t.kind = 'refund') as refunded
    from ledger_transfers t
    where t.ref_id = c.id and t.ref_resource = 'contracts' and t.kind in ('collateral', 'release', 'refund')
  ) m on true
  left join lateral (
    select sum(bl.amount_fen) as billed, sum(bl.paid_fen) as paid, sum(bl.amount_fen - bl.paid_fen - bl.cleared_fen) as open
    from bills bl
    where bl.contract_id = c.id and bl.state not in ('rejected', 'cancelled')
  ) b on true
  where c.resource = 'contracts'`;

/** The data fields the source also answers as columns (filters, sorts and totals read them). */
export const CONTRACT_OUTGOING_COLUMNS = ['side', 'counterparty', 'amount', 'collateral', 'released', 'refunded', 'billed', 'paid', 'open'] as const;
