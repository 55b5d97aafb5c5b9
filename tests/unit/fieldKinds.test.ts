// The one field-kind registry (src/shared/resources/fieldKinds.ts, DESIGN §7): every x-kind is
// defined once, both sides read its behaviour from there, and the schema check takes the known
// kinds and each kind's rules from it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FIELD_KINDS,
  FIELD_KIND_NAMES,
  displayOf,
  exportFormatOf,
  fieldBehaviour,
  fieldKindOf,
  fieldKindProblems,
  filtersOf,
  sqlCastOf,
  type FieldKindSpec,
} from '../../src/shared/resources/fieldKinds';
import type { FieldSchema } from '../../src/shared/resources/types';
import { META_SCHEMAS, formatIssue, validateSchemaFiles, type SchemaFile } from '../../src/shared/schema';
import { REPO_ROOT, loadSchemaFiles } from '../../src/shared/schema/load-node';

type Json = Record<string, unknown>;

describe('the field-kind registry', () => {
  it('defines each kind once with its JSON types, filters, display and export', () => {
    expect(FIELD_KIND_NAMES).toEqual(Object.keys(FIELD_KINDS));
    for (const name of FIELD_KIND_NAMES) {
      const spec: FieldKindSpec = FIELD_KINDS[name];
      expect(spec.types.length, name).toBeGreaterThan(0);
      expect(spec.display, name).toBeTruthy();
      expect(spec.export, name).toBeTruthy();
      expect(spec.widget && spec.uiField, `${name} has a widget or an rjsf field, not both`).toBeFalsy();
      // A range or enum filter only on a kind that stores a scalar.
      if (spec.filters.some((f) => f !== 'text')) expect(spec.types, name).not.toContain('array');
    }
    expect(FIELD_KIND_NAMES).toEqual(expect.arrayContaining(['money', 'date', 'region', 'industry', 'image', 'reference']));
  });

  it('is the meta-schema enum of x-kind, and resource.schema.json names no kinds itself', () => {
    const meta = META_SCHEMAS.resource as { $defs: { field: { properties: Record<string, { enum?: string[] }> } } };
    expect(meta.$defs.field.properties['x-kind'].enum).toEqual(FIELD_KIND_NAMES);
    const onDisk = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schemas/meta/resource.schema.json'), 'utf8')) as typeof meta;
    expect(onDisk.$defs.field.properties['x-kind'].enum).toBeUndefined();
  });

  it('gives a field its x-kind, else the kind its format implies, else enum for enum values', () => {
    expect(fieldKindOf({ type: 'string', format: 'money', 'x-kind': 'money' })).toBe('money');
    expect(fieldKindOf({ type: 'string', format: 'money' })).toBe('money');
    expect(fieldKindOf({ type: 'string', format: 'date' })).toBe('date');
    expect(fieldKindOf({ type: 'string', enum: ['a', 'b'] })).toBe('enum');
    expect(fieldKindOf({ type: 'string', maxLength: 10, 'x-kind': 'textarea' })).toBe('textarea');
    expect(fieldKindOf({ type: 'string', format: 'mobile' })).toBeUndefined();
    expect(fieldKindOf({ type: 'integer' })).toBeUndefined();
    expect(fieldKindOf(undefined)).toBeUndefined();
  });

  it('says how SQL reads a field: money and numbers numeric, the rest text', () => {
    expect(sqlCastOf({ type: 'string', format: 'money', 'x-kind': 'money' })).toBe('numeric');
    expect(sqlCastOf({ type: 'integer' })).toBe('numeric');
    expect(sqlCastOf({ type: 'number' })).toBe('numeric');
    expect(sqlCastOf({ type: 'integer', enum: [1, 2] })).toBe('numeric');
    expect(sqlCastOf({ type: 'string', format: 'date', 'x-kind': 'date' })).toBe('text');
    expect(sqlCastOf({ type: 'string', enum: ['a'] })).toBe('text');
    expect(sqlCastOf(undefined)).toBe('text');
  });

  it('says which list filters a field allows (text only on strings)', () => {
    expect(filtersOf({ type: 'string', format: 'money', 'x-kind': 'money' })).toEqual(['text', 'amountRange']);
    expect(filtersOf({ type: 'string', format: 'date', 'x-kind': 'date' })).toEqual(['text', 'dateRange']);
    expect(filtersOf({ type: 'string', format: 'date-time' })).toEqual(['text', 'dateRange']);
    expect(filtersOf({ type: 'string', enum: ['a'], 'x-kind': 'enum' })).toEqual(['text', 'enum']);
    expect(filtersOf({ type: 'integer', enum: [1, 2] })).toEqual(['enum']);
    expect(filtersOf({ type: 'array', items: { type: 'string' }, 'x-kind': 'region' })).toEqual([]);
    expect(filtersOf({ type: 'integer' })).toEqual([]);
    expect(filtersOf({ type: 'string' })).toEqual(['text']);
  });

  it('says how a field is shown and exported', () => {
    const cases: [FieldSchema, string, string][] = [
      [{ type: 'string', format: 'money', 'x-kind': 'money' }, 'money', 'number'],
      [{ type: 'string', format: 'date', 'x-kind': 'date' }, 'date', 'text'],
      [{ type: 'string', format: 'date-time' }, 'datetime', 'datetime'],
      [{ type: 'string', format: 'date-time', 'x-kind': 'datetime' }, 'datetime', 'datetime'],
      [{ type: 'string', enum: ['a'], 'x-kind': 'enum' }, 'enum', 'label'],
      [{ type: 'array', items: { type: 'string' }, 'x-kind': 'region' }, 'region', 'regionPath'],
      [{ type: 'array', items: { type: 'string' }, 'x-kind': 'image' }, 'files', 'text'],
      [{ type: 'string', 'x-kind': 'reference', 'x-ref': 'contracts' }, 'reference', 'text'],
      [{ type: 'string', format: 'smsCode', 'x-kind': 'smsCode' }, 'text', 'text'],
      [{ type: 'string', 'x-kind': 'counterparty' }, 'text', 'text'],
      [{ type: 'integer' }, 'number', 'number'],
      [{ type: 'boolean' }, 'boolean', 'text'],
      [{ type: 'string', format: 'mobile' }, 'text', 'text'],
    ];
    for (const [schema, display, format] of cases) {
      expect([displayOf(schema), exportFormatOf(schema)], JSON.stringify(schema)).toEqual([display, format]);
    }
  });

  it('names the widget of each kind, the upload kinds and where a region code path is', () => {
    expect(fieldBehaviour({ type: 'string', format: 'money' }).widget).toBe('money');
    expect(fieldBehaviour({ type: 'string', enum: ['a'] }).widget).toBe('enum');
    expect(fieldBehaviour({ type: 'object', 'x-kind': 'bankBranch' })).toMatchObject({ uiField: 'bankBranch', fullWidth: true });
    expect(fieldBehaviour({ type: 'string', format: 'mobile' }).widget).toBeUndefined();
    expect(FIELD_KIND_NAMES.filter((k) => (FIELD_KINDS[k] as FieldKindSpec).uploads)).toEqual(['image', 'file']);
    expect(fieldBehaviour({ type: 'array', 'x-kind': 'region' }).regionPath?.(['33', '3301'])).toEqual(['33', '3301']);
    expect(fieldBehaviour({ type: 'object', 'x-kind': 'bankBranch' }).regionPath?.({ bank: 'x', region: ['33'] })).toEqual(['33']);
    expect(fieldBehaviour({ type: 'object', 'x-kind': 'bankBranch' }).regionPath?.({ bank: 'x' })).toEqual([]);
  });

  it('finds what does not fit a kind in a field declaration', () => {
    const problems = (f: Json) => fieldKindProblems(f as unknown as FieldSchema).map((p) => `${p.at}: ${p.message}`);
    expect(problems({ type: 'string', 'x-kind': 'colour' })).toEqual([`/x-kind: 'colour' is not a field kind (${FIELD_KIND_NAMES.join(', ')})`]);
    expect(problems({ type: 'string', format: 'money', 'x-kind': 'money' })).toEqual([]);
    expect(problems({ type: 'integer', 'x-kind': 'region' })).toEqual(["/x-kind: x-kind 'region' needs type array, not integer"]);
    expect(problems({ type: 'string', 'x-kind': 'money' })).toEqual(["/x-kind: x-kind 'money' needs format 'money'"]);
    expect(problems({ type: 'string', format: 'money', 'x-kind': 'textarea' })).toEqual(["/x-kind: format 'money' is the kind 'money', not 'textarea'"]);
    expect(problems({ type: 'string', 'x-kind': 'reference' })).toEqual([": x-kind 'reference' needs x-ref"]);
    expect(problems({ type: 'string', 'x-ref': 'contracts' })).toEqual(['/x-ref: x-ref needs a reference kind; this field is of no kind']);
    expect(problems({ type: 'string', 'x-kind': 'enum' })).toEqual(["/x-kind: x-kind 'enum' needs enum values"]);
    expect(problems({ type: 'string', enum: ['a'], 'x-kind': 'text' })).toEqual(["/x-kind: a field with enum values is of kind 'enum', not 'text'"]);
  });
});

describe('the schema check of field kinds', () => {
  /**
   * Every shipped file, with `edit` applied to the one at `relative`; the problems of that file as
   * file#pointer: message (a file failing its meta-schema also leaves the menu naming an unknown resource).
   */
  function problemsAfter(relative: string, edit: (data: Json) => void): string[] {
    const { files } = loadSchemaFiles(REPO_ROOT);
    const copies = files.map((f): SchemaFile => ({ ...f, data: structuredClone(f.data) }));
    const target = copies.find((f) => f.path === relative);
    if (!target) throw new Error(`${relative} is not a shipped file`);
    edit(target.data as Json);
    return validateSchemaFiles(copies)
      .filter((issue) => issue.file === relative)
      .map(formatIssue);
  }
  const props = (data: Json) => (data.record as { properties: Record<string, Json> }).properties;
  const knownKinds = FIELD_KIND_NAMES.map((k) => JSON.stringify(k)).join(', ');

  it('passes the shipped files', () => {
    expect(validateSchemaFiles(loadSchemaFiles(REPO_ROOT).files).map(formatIssue)).toEqual([]);
  });

  it('rejects an unknown kind of a resource field, naming the file and the JSON pointer and the known kinds', () => {
    expect(problemsAfter('schemas/resources/invoiceRequests.json', (d) => (props(d).remark['x-kind'] = 'richText'))).toEqual([
      `schemas/resources/invoiceRequests.json#/record/properties/remark/x-kind: must be one of ${knownKinds}`,
    ]);
  });

  it('rejects an unknown kind in a nested field, an action input and a form', () => {
    expect(
      problemsAfter('schemas/resources/invoiceRequests.json', (d) => {
        props(d).tags = { type: 'array', items: { type: 'string', 'x-kind': 'colour' } };
      }),
    ).toEqual([`schemas/resources/invoiceRequests.json#/record/properties/tags/items/x-kind: must be one of ${knownKinds}`]);
    expect(
      problemsAfter('schemas/resources/invoiceRequests.json', (d) => {
        const cancel = (d.actions as Json[]).find((a) => a.name === 'cancel')!;
        cancel.input = { type: 'object', properties: { reason: { type: 'string', 'x-kind': 'memo' } } };
      }),
    ).toEqual([`schemas/resources/invoiceRequests.json#/actions/0/input/properties/reason/x-kind: must be one of ${knownKinds}`]);
    expect(problemsAfter('schemas/forms/personalAuth.json', (d) => (props(d).industry['x-kind'] = 'sector'))).toEqual([
      `schemas/forms/personalAuth.json#/record/properties/industry/x-kind: must be one of ${knownKinds}`,
    ]);
  });

  it('rejects a field that does not fit its kind', () => {
    expect(
      problemsAfter('schemas/resources/invoiceRequests.json', (d) => {
        props(d).amount = { type: 'string', 'x-kind': 'money' };
        props(d).remark = { type: 'integer', 'x-kind': 'region' };
        delete props(d).contractId['x-ref'];
      }),
    ).toEqual([
      "schemas/resources/invoiceRequests.json#/record/properties/amount/x-kind: x-kind 'money' needs format 'money'",
      "schemas/resources/invoiceRequests.json#/record/properties/remark/x-kind: x-kind 'region' needs type array, not integer",
      "schemas/resources/invoiceRequests.json#/record/properties/contractId: x-kind 'reference' needs x-ref",
    ]);
    expect(
      problemsAfter('schemas/forms/personalAuth.json', (d) => {
        props(d).location.type = 'string';
      }),
    ).toEqual(["schemas/forms/personalAuth.json#/record/properties/location/x-kind: x-kind 'region' needs type array, not string"]);
  });

  it('takes x-positive, x-notPast and x-refStates only where they mean something (issue 28)', () => {
    const problems = (f: Json) => fieldKindProblems(f as unknown as FieldSchema).map((p) => `${p.at}: ${p.message}`);
    expect(problems({ type: 'string', format: 'money', 'x-kind': 'money', 'x-positive': true })).toEqual([]);
    expect(problems({ type: 'string', format: 'date', 'x-kind': 'date', 'x-notPast': true })).toEqual([]);
    expect(problems({ type: 'string', format: 'date', 'x-kind': 'date', 'x-positive': true })).toEqual(["/x-kind: x-positive needs a money field; this field is 'date'"]);
    expect(problems({ type: 'string', format: 'money', 'x-kind': 'money', 'x-notPast': true })).toEqual(["/x-kind: x-notPast needs a date field; this field is 'money'"]);
    expect(problems({ type: 'string', 'x-positive': true })).toEqual(['/x-kind: x-positive needs a money field; this field is of no kind']);
    expect(problems({ type: 'string', 'x-refStates': ['signed'] })).toEqual(["/x-ref: x-refStates needs a reference kind; this field is of no kind"]);
    expect(
      problemsAfter('schemas/resources/paymentRequests.json', (d) => {
        props(d).contractId['x-refStates'] = ['signed', 'paidOut'];
      }),
    ).toEqual(["schemas/resources/paymentRequests.json#/record/properties/contractId/x-refStates/1: 'paidOut' is not one of contracts's states.values"]);
  });

  it('allows a list filter only where the field kind does', () => {
    expect(
      problemsAfter('schemas/resources/invoiceRequests.json', (d) => {
        (d.list as { filters: Json[] }).filters.push({ field: 'remark', kind: 'amountRange' }, { field: 'contractId', kind: 'dateRange' }, { field: 'amount', kind: 'enum' }, { field: 'createdAt', kind: 'dateRange' });
      }),
    ).toEqual([
      "schemas/resources/invoiceRequests.json#/list/filters/5/kind: amountRange needs a money field; 'remark' is not",
      "schemas/resources/invoiceRequests.json#/list/filters/6/kind: dateRange needs a date field; 'contractId' is not",
      "schemas/resources/invoiceRequests.json#/list/filters/7/kind: enum needs a field with enum values; 'amount' has none",
    ]);
  });
});
