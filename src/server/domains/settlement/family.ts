// A bill's family (issue 31, DESIGN §10 "Circulating bills"): the bill it was first issued as (the
// root) and every part passed on from it, at any depth, as a tree:
//   GET /api/settlement/bills/:id/family
// Anyone who may read the bill (its payer, its holder, ops) sees the whole family: who holds each
// part, when it was passed on, its figures and state. That is the chain the payer pays along and a
// holder's part came down; a part the caller may not open itself is shown without its link
// (`readable: false`), never a 404 of the family.
import { and, asc, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { asRecord } from '../../../shared/resources/recordAbility';
import type { BillFamilyNode } from '../../../shared/billFamily';
import { fenToYuan } from '../../../shared/money';
import type { Db } from '../../db/client';
import { bills, resourceRecords } from '../../db/schema';
import type { DomainContext } from '../../domain';
import { notFound } from '../../errors';
import { answers, nullable, obj, record, t, uuid, type JsonSchema } from '../../openapi/kit';
import { currentUser, userRecordAbility } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { getRecord } from '../../resources/records';
import { openFenOf } from './store';

const money = { type: 'string', format: 'money' };
/** A node of the family tree (shared/billFamily.ts BillFamilyNode); its children are nodes of the same shape. */
const familyNode: JsonSchema = record({
  billId: uuid,
  parentBillId: nullable(uuid),
  holder: { type: 'string' },
  payer: { type: 'string' },
  issuedAmount: money,
  amount: money,
  paidAmount: money,
  clearedAmount: money,
  openAmount: money,
  dueDay: { type: 'string' },
  state: { type: 'string' },
  createdAt: t.dateTime,
  readable: { type: 'boolean', description: 'The caller may open its page' },
  children: t.list({ type: 'object', description: 'A part passed on from it: a node of the same shape' }),
});

/** Every bill of the family of `rootId` (the root first, then by when each part was made), with its record's facts. */
export async function familyOf(db: Db, rootId: string) {
  return db
    .select({ money: bills, state: resourceRecords.state, data: resourceRecords.data, accountId: resourceRecords.accountId, parties: resourceRecords.parties, createdAt: resourceRecords.createdAt })
    .from(bills)
    .innerJoin(resourceRecords, and(eq(resourceRecords.resource, 'bills'), eq(resourceRecords.id, bills.recordId)))
    .where(or(eq(bills.recordId, rootId), eq(bills.rootBillId, rootId)))
    .orderBy(asc(resourceRecords.createdAt), asc(bills.recordId));
}

/** The family as the tree the console draws: each node with its children, the root at the top. */
export function familyTree(rows: Awaited<ReturnType<typeof familyOf>>, readable: (row: (typeof rows)[number]) => boolean): BillFamilyNode | undefined {
  const nodes = new Map<string, BillFamilyNode>();
  for (const row of rows) {
    const m = row.money;
    nodes.set(m.recordId, {
      billId: m.recordId,
      parentBillId: m.parentBillId,
      holder: String(row.data.payeeName ?? ''),
      payer: String(row.data.payerName ?? ''),
      issuedAmount: fenToYuan(m.issuedFen),
      amount: fenToYuan(m.amountFen),
      paidAmount: fenToYuan(m.paidFen),
      clearedAmount: fenToYuan(m.clearedFen),
      openAmount: fenToYuan(openFenOf(m)),
      dueDay: String(row.data.dueDay ?? ''),
      state: row.state ?? '',
      createdAt: row.createdAt.toISOString(),
      readable: readable(row),
      children: [],
    });
  }
  let root: BillFamilyNode | undefined;
  for (const node of nodes.values()) {
    const parent = node.parentBillId ? nodes.get(node.parentBillId) : undefined;
    if (parent) parent.children.push(node);
    else if (!node.parentBillId) root = node;
  }
  return root;
}

export default async function familyRoutes(app: FastifyInstance, ctx: DomainContext) {
  const { db } = ctx;
  app.get<{ Params: { id: string } }>(
    '/settlement/bills/:id/family',
    {
      schema: {
        tags: ['settlement'],
        summary: "A bill's family: its root and every part passed on from it, as a tree (who holds each part, its figures and state)",
        description: "Answers the family of a bill the caller may read as a tree from its original bill: each part's holder, payer, figures, due day and state, and whether the caller may open it.",
        params: obj({ id: uuid }, ['id']),
        response: answers(familyNode, 'The family', { 404: 'No such bill the caller may read' }),
      },
      preValidation: app.requireAuth },
    async (req) => {
      const r = ctx.resources.get('bills');
      if (!r) throw notFound();
      const ability = userRecordAbility(currentUser(req), r.def);
      const bill = await getRecord(db, r, ability, req.params.id);
      const [money] = await db.select({ root: bills.rootBillId }).from(bills).where(eq(bills.recordId, bill.id));
      const rows = await familyOf(db, money?.root ?? bill.id);
      const tree = familyTree(rows, (row) => ability.can('read', asRecord(r.def, { accountId: row.accountId, state: row.state, parties: row.parties ?? {} })));
      if (!tree) throw notFound();
      return ok(req, tree);
    },
  );
}

