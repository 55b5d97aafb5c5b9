import { useCustom, type BaseRecord } from '@refinedev/core';
import type { SignatureRecord } from '../../shared/resources/types';
import { resourcePath } from '../providers/dataProvider';
import { unwrapped } from '../refine/systemData';

/** GET /api/r/:resource/:id/document: the text as the parties sign it, its hash now and as signed. */
export interface RecordDocument {
  title: string;
  text: string;
  sha256: string;
  signedSha256: string | null;
  signatures: SignatureRecord[];
}

/** A record's document through the resources' DataProvider (`custom`); the page shows errors itself. */
export function useRecordDocument(resource: string, id: string | null) {
  const { query } = useCustom<BaseRecord>({
    url: `${resourcePath(resource, id ?? '')}/document`,
    method: 'get',
    meta: { silent: true },
    queryOptions: { enabled: Boolean(id) },
  });
  return unwrapped<RecordDocument>(query);
}
