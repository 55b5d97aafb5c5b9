// A signing step (actions[].signature, DESIGN §5 Contracts): the caller signs for the party role
// it holds on the record, once. Runs on the locked record inside the action's transaction,
// after the SMS code is spent. The first signature fixes the document's SHA-256; a document
// that renders differently since cannot be signed (409). The record moves to the action's
// `to` when every signing role has signed, and stays where it is until then.
import type { ActionDeclaration, SignatureRecord } from '../../shared/resources/types';
import { maskPhone } from '../../shared/validators';
import { signedRoles } from '../../shared/resources/recordAbility';
import type { Db } from '../db/client';
import { conflict, forbidden } from '../errors';
import type { SessionUser } from '../sessions/tokens';
import { renderDocument } from './documents';
import type { RecordRow } from './records';
import type { CompiledResource } from './registry';

export async function sign(
  tx: Db,
  r: CompiledResource,
  action: ActionDeclaration,
  current: RecordRow,
  signer: { user: SessionUser; ip: string; now: Date },
): Promise<{ to: string; data: Record<string, unknown> }> {
  const roles = action.by ?? [];
  const signed = signedRoles(current);
  const role = roles.find((r) => current.parties?.[r] === signer.user.accountId && !signed.includes(r));
  // The ability let the caller through, so it holds an unsigned role; this guards the invariant.
  if (!role) throw forbidden();
  const doc = await renderDocument(r, tx, current);
  const fixed = typeof current.data.documentSha256 === 'string' ? current.data.documentSha256 : null;
  if (fixed && fixed !== doc.sha256) throw conflict('documentChanged');
  const signature: SignatureRecord = {
    role,
    accountId: signer.user.accountId,
    accountName: signer.user.account.name,
    userId: signer.user.id,
    userName: signer.user.name,
    phone: maskPhone(signer.user.phone ?? ''),
    at: signer.now.toISOString(),
    ip: signer.ip,
    sha256: doc.sha256,
  };
  const signatures = [...((current.data.signatures as SignatureRecord[] | undefined) ?? []), signature];
  const everyone = roles.every((r) => signatures.some((s) => s.role === r));
  return { to: everyone ? action.to : current.state!, data: { ...current.data, signatures, documentSha256: fixed ?? doc.sha256 } };
}
