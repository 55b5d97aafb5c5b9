// Agreement texts as versioned documents (documents/agreements/*.json), not code: a new version
// is a new file. Kinds: platform (what a user accepts), rules (historical settlement rules),
// demo (the example settlement terms), service (the trade contract service agreement).
import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '../../../shared/constants';
import { repoRoot } from '../../paths';

export type DocumentKind = 'platform' | 'rules' | 'demo' | 'service';
type Localized<T> = Record<Language, T>;
export interface Section {
  heading: string;
  body: string;
}

export interface AgreementDocument {
  id: string;
  platform: string;
  version: string;
  kind: DocumentKind;
  effectiveFrom: string;
  title: Localized<string>;
  sections: Localized<Section[]>;
}

function load(dir: string): AgreementDocument[] {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
  return files.map((file) => {
    const doc = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as AgreementDocument;
    // A file whose name is not its id would make links unstable; refuse to start.
    if (`${doc.id}.json` !== file) throw new Error(`documents/agreements/${file}: id '${doc.id}' does not match the file name`);
    return doc;
  });
}

export const DOCUMENTS: readonly AgreementDocument[] = load(path.join(repoRoot, 'documents', 'agreements'));
export const documentById = (id: string) => DOCUMENTS.find((d) => d.id === id);
export const platformDocument = (platform: string, version: string) =>
  DOCUMENTS.find((d) => d.kind === 'platform' && d.platform === platform && d.version === version);
