// SPEC §7 Personal and agreements: the agreements the account accepted (agreementlist, with a
// platform filter in the mutual variant), one document (agreement/{id}), the index of current
// agreements and whether this user accepted each (agreement/callindex), the historical
// settlement rules (historyagreement), the example settlement terms (demo) and the trade contract
// service agreement (serviceAgreement).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AgreementDocumentView, AgreementListItem, Page } from '../../../shared/api';
import type { Language } from '../../../shared/constants';
import type { AppContext } from '../../context';
import { agreementConsents, users } from '../../db/schema';
import { notFound } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { pageFrom } from '../../pagination';
import { DOCUMENTS, documentById, platformDocument, type AgreementDocument } from './documents';
import { PLATFORM_AGREEMENT_VERSIONS } from './routes';
import { personalSchemas as S } from './personal-schemas';

const langOf = (req: FastifyRequest): Language => req.lang;
const view = (req: FastifyRequest, d: AgreementDocument): AgreementDocumentView => ({
  id: d.id,
  platform: d.platform,
  version: d.version,
  kind: d.kind,
  effectiveFrom: d.effectiveFrom,
  title: d.title[langOf(req)],
  sections: d.sections[langOf(req)],
});

export default async function personalAgreementRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  app.addHook('preValidation', app.requireAuth);

  app.post('/system/personal/agreementlist', { schema: S.list }, async (req) => {
    const me = currentUser(req);
    const page = pageFrom(req.body);
    const platform = (req.body as { platform?: string } | undefined)?.platform;
    const rows = await db
      .select({ platform: agreementConsents.platform, version: agreementConsents.version, agreedAt: agreementConsents.agreedAt, name: users.name })
      .from(agreementConsents)
      .innerJoin(users, eq(users.id, agreementConsents.userId))
      .where(and(eq(users.accountId, me.accountId), platform ? eq(agreementConsents.platform, platform) : undefined))
      .orderBy(desc(agreementConsents.agreedAt));
    const items: AgreementListItem[] = [];
    for (const r of rows) {
      const doc = platformDocument(r.platform, r.version);
      if (doc) items.push({ id: doc.id, platform: r.platform, version: r.version, title: doc.title[langOf(req)], agreedAt: r.agreedAt.toISOString(), agreedBy: r.name });
    }
    const data: Page<AgreementListItem> = { records: items.slice(page.offset, page.offset + page.pageSize), total: items.length };
    return ok(req, data);
  });

  app.get('/system/personal/agreement/:id', { schema: S.one }, async (req) => {
    const doc = documentById((req.params as { id: string }).id);
    if (!doc) throw notFound();
    return ok(req, view(req, doc));
  });

  app.post('/system/personal/agreement/callindex', { schema: S.index }, async (req) => {
    const me = currentUser(req);
    const current = Object.entries(PLATFORM_AGREEMENT_VERSIONS)
      .map(([platform, version]) => platformDocument(platform, version))
      .filter((d): d is AgreementDocument => !!d);
    const consents = await db
      .select({ platform: agreementConsents.platform, version: agreementConsents.version })
      .from(agreementConsents)
      .where(and(eq(agreementConsents.userId, me.id), inArray(agreementConsents.platform, current.map((d) => d.platform))));
    const agreed = new Set(consents.map((c) => `${c.platform}@${c.version}`));
    return ok(req, current.map((d) => ({ ...view(req, d), agreed: agreed.has(`${d.platform}@${d.version}`) })));
  });

  app.post('/system/personal/historyagreement', { schema: S.history }, async (req) => {
    const page = pageFrom(req.body);
    const rules = DOCUMENTS.filter((d) => d.kind === 'rules').sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom));
    const data: Page<AgreementDocumentView> = { records: rules.slice(page.offset, page.offset + page.pageSize).map((d) => view(req, d)), total: rules.length };
    return ok(req, data);
  });

  // The trade contract service agreement (/contractUpdate/serviceAgreement): the newest version.
  app.get('/system/personal/serviceAgreement', { schema: S.service }, async (req) => {
    const current = DOCUMENTS.filter((d) => d.kind === 'service').sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0];
    if (!current) throw notFound();
    return ok(req, view(req, current));
  });

  app.get('/system/personal/demoDetail', { schema: S.demo }, async (req) => {
    const demo = DOCUMENTS.find((d) => d.kind === 'demo');
    if (!demo) throw notFound();
    return ok(req, view(req, demo));
  });
}
