// Composition of resource files (src/shared/schema/compose.ts): a resource extends a base under
// schemas/resources/bases/, merged as a JSON Merge Patch (RFC 7386) by the loader the schema
// check and the server share; the three offer kinds keep only what differs; a broken `extends`
// stops the check with file#pointer.
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '../../src/shared/resources/types';
import { SchemaValidationError, formatIssue } from '../../src/shared/schema';
import { mergePatch } from '../../src/shared/schema/compose';
import { REPO_ROOT, checkSchemas, readResource } from '../../src/shared/schema/load-node';
import { copySchemaRoot } from '../support/schema-root';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON pointers at which two values differ; arrays are compared whole. */
function differences(a: unknown, b: unknown, at = ''): string[] {
  if (isObject(a) && isObject(b)) return [...new Set([...Object.keys(a), ...Object.keys(b)])].flatMap((key) => differences(a[key], b[key], `${at}/${key}`));
  return isDeepStrictEqual(a, b) ? [] : [at];
}

const offer = (name: string) => readResource(REPO_ROOT, `schemas/resources/${name}.json`) as ResourceDefinition;
const labelsIn = (pointers: string[]) => ['zh-CN', 'en-US'].flatMap((language) => pointers.map((p) => `/labels/${language}${p}`));

describe('JSON Merge Patch (RFC 7386, appendix A)', () => {
  const cases: [unknown, unknown, unknown][] = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [['a', 'b'], ['c', 'd'], ['c', 'd']],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];
  it.each(cases)('%j patched by %j is %j', (target, patch, result) => {
    expect(mergePatch(target, patch)).toEqual(result);
  });

  it('leaves the base untouched', () => {
    const base = { a: { b: 1 } };
    mergePatch(base, { a: { b: 2 } });
    expect(base).toEqual({ a: { b: 1 } });
  });
});

describe('the offer kinds extend bases/offer.json', () => {
  it('keeps all offer JSON under 1,200 lines', () => {
    const lines = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8').split('\n').length - 1;
    const files = ['bases/offer.json', 'purchaseOffers.json', 'supplyOffers.json', 'mutualOffers.json'].map((f) => `schemas/resources/${f}`);
    expect(files.reduce((sum, file) => sum + lines(file), 0)).toBeLessThan(1200);
  });

  it('differ from each other in exactly what their files declare', () => {
    const [purchase, supply, mutual] = [offer('purchaseOffers'), offer('supplyOffers'), offer('mutualOffers')];
    expect(differences(purchase, supply).sort()).toEqual(
      ['/$comment', '/name', ...labelsIn(['/title', '/record', '/fields/deliveryRegion', '/fields/terms', '/actions/accept/confirm'])].sort(),
    );
    expect(differences(purchase, mutual).sort()).toEqual(
      [
        '/$comment', '/name', '/requiresService',
        '/record/required', '/record/properties/side',
        '/list/columns', '/list/filters', '/list/import/fields', '/show/sections', '/form/fields',
        ...labelsIn(['/title', '/record', '/fields/side', '/fields/contractId', '/enums/side', '/actions/publish/confirm', '/actions/accept/confirm', '/actions/accept/done', '/help/counterpartyId', '/help/side']),
        ...['/fields/title', '/actions/publish/done', '/actions/withdraw/done', '/actions/accept/label', '/actions/decline/label', '/actions/decline/done'].map((p) => `/labels/zh-CN${p}`),
      ].sort(),
    );
  });

  it('gives each kind the whole resource: the base merged under the file, the file winning', () => {
    const purchase = offer('purchaseOffers');
    const mutual = offer('mutualOffers');
    expect(Object.keys(purchase).sort()).toEqual(
      ['$schema', '$comment', 'name', 'permissionId', 'ownership', 'compute', 'createHandler', 'laterParties', 'record', 'list', 'show', 'form', 'states', 'visibility', 'expiry', 'actions', 'labels'].sort(),
    );
    expect(purchase).not.toHaveProperty('extends');
    expect(purchase.actions?.map((a) => a.name)).toEqual(['publish', 'accept', 'withdraw', 'decline']);
    expect(purchase.labels['zh-CN'].title).toBe('采购报价');
    expect(purchase.labels['zh-CN'].fields.title).toBe('报价标题');
    // Every kind's contractId is the base's: a reference to the contract made from the offer (issue 17).
    expect(mutual.record.properties.contractId).toEqual({ type: 'string', maxLength: 36, readOnly: true, 'x-kind': 'reference', 'x-ref': 'contracts' });
    expect(Object.keys(mutual.record.properties).sort()).toEqual([...Object.keys(purchase.record.properties), 'side'].sort());
    // Arrays are replaced whole.
    expect(mutual.list.columns).toEqual(['title', 'side', 'goodsName', 'quantity', 'amount', 'deliveryDate', 'validUntil', 'state', 'createdAt']);
    expect(mutual.labels['en-US'].fields.title).toBe(purchase.labels['en-US'].fields.title);
  });
});

// The first check compiles every meta-schema: slow on a busy machine.
describe('a broken composition stops the schema check', { timeout: 30_000 }, () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
  });
  /** A copy of the declarative files with `edits` applied (file -> new content, or a change to its content). */
  function copyWith(edits: Record<string, Json | ((data: Json) => void)>): string {
    const root = copySchemaRoot();
    roots.push(root);
    for (const [relative, edit] of Object.entries(edits)) {
      const file = path.join(root, relative);
      let data = edit as Json;
      if (typeof edit === 'function') {
        data = JSON.parse(fs.readFileSync(file, 'utf8')) as Json;
        edit(data);
      }
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(data, null, 2));
    }
    return root;
  }
  const problems = (root: string) => checkSchemas(root).issues.map(formatIssue);
  const extendsTo = (target: unknown) => (d: Json) => (d.extends = target);

  it('names a missing base', () => {
    expect(problems(copyWith({ 'schemas/resources/supplyOffers.json': extendsTo('bases/offers.json') }))).toContain(
      "schemas/resources/supplyOffers.json#/extends: 'bases/offers.json' does not exist (schemas/resources/bases/offers.json)",
    );
  });

  it('refuses to extend a file that is not a base', () => {
    const root = copyWith({
      'schemas/resources/supplyOffers.json': extendsTo('purchaseOffers.json'),
      'schemas/resources/mutualOffers.json': extendsTo('bases/../../menu.json'),
      'schemas/resources/purchaseOffers.json': extendsTo(['bases/offer.json']),
    });
    expect(problems(root)).toEqual(
      expect.arrayContaining([
        "schemas/resources/supplyOffers.json#/extends: 'purchaseOffers.json' is not a base file: a resource extends only files directly under schemas/resources/bases/",
        'schemas/resources/mutualOffers.json#/extends: must be the path of a base file under schemas/resources/bases/, relative to this file',
        'schemas/resources/purchaseOffers.json#/extends: must be the path of a base file under schemas/resources/bases/, relative to this file',
      ]),
    );
  });

  it('names a cycle of bases', () => {
    const root = copyWith({
      'schemas/resources/bases/offer.json': extendsTo('market.json'),
      'schemas/resources/bases/market.json': { extends: 'offer.json' },
    });
    expect(problems(root)).toContain(
      "schemas/resources/bases/market.json#/extends: 'offer.json' makes a cycle: schemas/resources/purchaseOffers.json -> schemas/resources/bases/offer.json -> schemas/resources/bases/market.json -> schemas/resources/bases/offer.json",
    );
  });

  it("keeps the resource's name and permission id in the resource file", () => {
    const root = copyWith({ 'schemas/resources/bases/offer.json': (d) => (d.permissionId = 'offers') });
    expect(problems(root)).toContain("schemas/resources/bases/offer.json#/permissionId: is the resource file's own: a base file does not declare permissionId");
  });

  it('reports a problem in a base at the base, once per resource that takes it', () => {
    const root = copyWith({ 'schemas/resources/bases/offer.json': (d) => ((d.list as Json).sortable = ['amount', 'colour']) });
    // mutualOffers declares nothing of the list's sorts, so all three kinds take the base's.
    expect(problems(root)).toEqual(
      ['mutualOffers', 'purchaseOffers', 'supplyOffers'].map(
        (kind) => `schemas/resources/bases/offer.json#/list/sortable/1: 'colour' is not a field of record.properties nor a system field (in schemas/resources/${kind}.json)`,
      ),
    );
  });

  it('reports a problem in the resource file at the resource file', () => {
    const root = copyWith({ 'schemas/resources/supplyOffers.json': (d) => (d.list = { defaultSort: '-colour' }) });
    expect(problems(root)).toEqual(["schemas/resources/supplyOffers.json#/list/defaultSort: 'colour' is not a field of record.properties nor a system field"]);
  });

  it('stops the server loader too', () => {
    const root = copyWith({ 'schemas/resources/bases/offer.json': extendsTo('nothing.json') });
    expect(() => readResource(root, 'schemas/resources/purchaseOffers.json')).toThrow(SchemaValidationError);
    expect(() => readResource(root, 'schemas/resources/purchaseOffers.json')).toThrow(
      "schemas/resources/bases/offer.json#/extends: 'nothing.json' does not exist (schemas/resources/bases/nothing.json)",
    );
  });
});
