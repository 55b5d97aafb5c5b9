// x-kind reference (a field holding the id of another resource's record, x-ref): on create and
// edit, every referenced record must exist and be one the caller may read, or the field is a
// 400. The same per-record ability decides as for any read, so a reference never leaks a record.
import type { FastifyRequest } from 'fastify';
import { fieldKindOf, fieldKindSpec } from '../../shared/resources/fieldKinds';
import type { Db } from '../db/client';
import { AppError, fieldError, type MessageRef } from '../errors';
import { currentUser, userCan, userRecordAbility } from '../plugins/auth';
import { getRecord } from './records';
import type { CompiledResource, ResourceRegistry } from './registry';

export async function checkReferences(db: Db, req: FastifyRequest, resources: ResourceRegistry, r: CompiledResource, data: Record<string, unknown>): Promise<void> {
  const me = currentUser(req);
  const errors: Record<string, MessageRef> = {};
  for (const [field, schema] of Object.entries(r.def.record.properties)) {
    const value = data[field];
    if (!fieldKindSpec(fieldKindOf(schema))?.ref || typeof value !== 'string') continue;
    const target = resources.get(schema['x-ref'] ?? '');
    if (!target || !userCan(me, target.def.permissionId, 'get')) {
      errors[field] = 'api:referenceUnknown';
      continue;
    }
    try {
      await getRecord(db, target, userRecordAbility(me, target.def), value);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 404) throw err;
      errors[field] = 'api:referenceUnknown';
    }
  }
  if (Object.keys(errors).length) throw fieldError(errors);
}
