import { useQuery } from '@tanstack/react-query';
import type { SignatureRecord } from '../../../shared/resources/types';
import { http } from '../../providers/http';

/** GET /api/r/:resource/:id/document: the text as the parties sign it, its hash now and as signed. */
export interface RecordDocument {
  title: string;
  text: string;
  sha256: string;
  signedSha256: string | null;
  signatures: SignatureRecord[];
}

export const documentKey = (resource: string, id: string) => ['lsf', 'document', resource, id] as const;

export function useRecordDocument(resource: string, id: string | null) {
  return useQuery({
    queryKey: documentKey(resource, id ?? ''),
    queryFn: () => http.get<RecordDocument>(`/r/${resource}/${encodeURIComponent(id!)}/document`, { silent: true }),
    enabled: Boolean(id),
  });
}
