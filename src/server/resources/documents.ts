// A record's document (a contract): rendered by a function a domain contributes (Domain.documents)
// from the record and its parties, always in Chinese, the language the parties sign in. Its SHA-256 is what a
// signature fixes (src/server/resources/signatures.ts) and what the printable page shows.
import { createHash } from 'node:crypto';
import type { ResourceDefinition } from '../../shared/resources/types';
import type { Db } from '../db/client';
import type { RecordRow } from './records';

export interface RenderedDocument {
  title: string;
  /** The document's text: what the hash covers and the printable page shows. */
  text: string;
}

export type DocumentRenderer = (tx: Db, row: RecordRow, def: ResourceDefinition) => Promise<RenderedDocument>;

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The record's document, by the renderer its resource was compiled with (registry.ts). */
export async function renderDocument(r: { def: ResourceDefinition; document?: DocumentRenderer }, tx: Db, row: RecordRow): Promise<RenderedDocument & { sha256: string }> {
  const { def, document: render } = r;
  if (!render) throw new Error(`${def.name}: no document renderer '${def.document}'`);
  const doc = await render(tx, row, def);
  return { ...doc, sha256: sha256(doc.text) };
}
