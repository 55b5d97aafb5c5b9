// The platform agreement a user must accept after sign-in (SPEC §4 Notices: notices are shown
// once the agreement flag is true). lsfGetAgreement serves any platform by query; the mutual
// variant calls mutualGetAgreement. Acceptance is recorded per user, platform and version.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { AgreementView } from '../../../shared/api';
import type { AppContext } from '../../context';
import { agreementConsents } from '../../db/schema';
import { fieldError } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { agreementSchemas as S } from './schemas';

/** Current agreement version per platform; raising one asks every user to accept again. */
export const PLATFORM_AGREEMENT_VERSIONS: Record<string, string> = { lsf: '2026.11', xhn: '2026.11', szdj: '2026.11', jjsk: '2026.11' };


export default async function agreementRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  app.addHook('preValidation', app.requireAuth);

  const platformOf = (req: FastifyRequest, fallback?: string) => {
    const p = String((req.query as { platform?: string }).platform ?? fallback ?? '');
    // hasOwn, not `in`: 'constructor' or 'toString' must not pass as a platform.
    if (!Object.hasOwn(PLATFORM_AGREEMENT_VERSIONS, p)) throw fieldError({ platform: 'invalidValue' });
    return p;
  };

  const agreement = async (req: FastifyRequest, platform: string): Promise<AgreementView> => {
    const version = PLATFORM_AGREEMENT_VERSIONS[platform];
    const [consent] = await db
      .select()
      .from(agreementConsents)
      .where(and(eq(agreementConsents.userId, currentUser(req).id), eq(agreementConsents.platform, platform), eq(agreementConsents.version, version)));
    return {
      platform,
      version,
      agreed: !!consent,
      agreedAt: consent?.agreedAt.toISOString() ?? null,
      title: req.t(`agreements:${platform}.title`),
      sections: req.t(`agreements:${platform}.sections`, { returnObjects: true }) as AgreementView['sections'],
    };
  };

  app.get('/system/LoginPlatform/lsfGetAgreement', { schema: S.get }, async (req) => ok(req, await agreement(req, platformOf(req, 'lsf'))));
  app.get('/system/LoginPlatform/mutualGetAgreement', { schema: S.mutual }, async (req) => ok(req, await agreement(req, 'xhn')));
  app.get('/system/LoginPlatform/confirm', { schema: S.confirm }, async (req) => {
    const platform = platformOf(req, 'lsf');
    await db
      .insert(agreementConsents)
      .values({ userId: currentUser(req).id, platform, version: PLATFORM_AGREEMENT_VERSIONS[platform], agreedAt: clock.now() })
      .onConflictDoNothing();
    return ok(req, await agreement(req, platform));
  });
}
