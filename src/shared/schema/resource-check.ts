// Checks of resource files (schemas/resources/*.json) beyond their meta-schema: every field a
// list, show page, form or action names exists; filters fit their field; states and actions
// agree; both languages label every field, enum value, state, action and section; the
// permission id, the menu parent and the menu routes that render a resource exist; every field
// fits its kind (the field-kind registry, src/shared/resources/fieldKinds.ts).
import { LANGUAGES } from '../constants';
import { fieldKindOf, fieldKindProblems, fieldKindSpec, filtersOf } from '../resources/fieldKinds';
import { IMPORTABLE_KINDS, isImportable } from '../resources/import';
import { listScopes, partyRoles } from '../resources/recordAbility';
import { SYSTEM_FIELDS, type FieldSchema, type FilterKind, type FormDefinition, type ResourceDefinition } from '../resources/types';
import type { SchemaFile } from './issues';
import type { DeclaredRoute } from './walk';

type Report = (file: string, pointer: string, message: string) => void;

/** Filters on the system fields (declared fields take theirs from their kind). */
const SYSTEM_FILTERS: Record<string, readonly FilterKind[]> = { state: ['text', 'enum'], createdAt: ['text', 'dateRange'], updatedAt: ['text', 'dateRange'] };
const FILTER_NEEDS: Record<FilterKind, (field: string) => string> = {
  amountRange: (field) => `amountRange needs a money field; '${field}' is not`,
  dateRange: (field) => `dateRange needs a date field; '${field}' is not`,
  enum: (field) => `enum needs a field with enum values; '${field}' has none`,
  text: (field) => `text search needs a string field; '${field}' is not`,
};

/** Each field of a record or input schema, nested ones (items, properties) included, with its pointer. */
function eachField(properties: Record<string, FieldSchema>, pointer: string, visit: (field: FieldSchema, pointer: string) => void) {
  const walk = (f: FieldSchema, at: string) => {
    visit(f, at);
    if (f.items) walk(f.items, `${at}/items`);
    for (const [name, p] of Object.entries(f.properties ?? {})) walk(p, `${at}/properties/${name}`);
  };
  for (const [name, f] of Object.entries(properties)) walk(f, `${pointer}/${name}`);
}

/** Every field fits its kind: known x-kind, its JSON type and format, x-ref and enum where the kind needs them. */
function checkFieldKinds(properties: Record<string, FieldSchema>, pointer: string, at: (pointer: string, message: string) => void) {
  eachField(properties, pointer, (f, fieldPointer) => {
    for (const problem of fieldKindProblems(f)) at(`${fieldPointer}${problem.at}`, problem.message);
  });
}

export interface ResourceCheckContext {
  report: Report;
  permissionIds?: Set<string>;
  menuKeys?: Set<string>;
  routes?: DeclaredRoute[];
  menuFile?: string;
}

/** A money action says what it moves (moneyMoves.ts), from fields it has: a money amount, parties the record names. */
function checkMoves(r: ResourceDefinition, a: NonNullable<ResourceDefinition['actions']>[number], pointer: string, at: (pointer: string, message: string) => void) {
  if (a.money && !a.moves) at(`${pointer}/moves`, 'a money action declares what it moves (moves: amount, parties, wallet)');
  if (!a.moves) return;
  if (!a.money) at(`${pointer}/moves`, 'moves is declared by money actions only');
  const props = r.record.properties;
  const amount = a.moves.amount;
  const [where, field] = 'input' in amount ? [a.input?.properties ?? {}, amount.input] : [props, amount.field];
  if (fieldKindOf((where as Record<string, FieldSchema>)[field]) !== 'money') at(`${pointer}/moves/amount`, `'${field}' is not a money field of ${'input' in amount ? 'the action\'s input' : 'record.properties'}`);
  a.moves.parties.forEach((p, j) => {
    if (!props[p]) at(`${pointer}/moves/parties/${j}`, `'${p}' is not a field of record.properties`);
  });
}

function checkOne(ctx: ResourceCheckContext, file: SchemaFile, r: ResourceDefinition) {
  const at = (pointer: string, message: string) => ctx.report(file.path, pointer, message);
  const expectedName = file.path.split('/').pop()?.replace(/\.json$/, '');
  if (expectedName && r.name !== expectedName) at('/name', `must match the file name '${expectedName}'`);
  const props = r.record.properties;
  const known = (name: string) => name in props || (SYSTEM_FIELDS as readonly string[]).includes(name);
  const fieldRef = (pointer: string, name: string) => {
    if (!known(name)) at(pointer, `'${name}' is not a field of record.properties nor a system field`);
  };

  (r.record.required ?? []).forEach((name, i) => {
    if (!(name in props)) at(`/record/required/${i}`, `'${name}' is not a field of record.properties`);
  });
  r.list.columns.forEach((c, i) => fieldRef(`/list/columns/${i}`, c));
  r.list.sortable.forEach((c, i) => fieldRef(`/list/sortable/${i}`, c));
  (r.list.totals ?? []).forEach((c, i) => {
    if (fieldKindOf(props[c]) !== 'money') at(`/list/totals/${i}`, `'${c}' is not a money field of record.properties: only money is totalled`);
  });
  for (const [name, total] of Object.entries(r.list.stateTotals ?? {})) {
    const pointer = `/list/stateTotals/${name}`;
    if (name in props) at(pointer, `'${name}' is a field of record.properties: a state total has a name of its own`);
    if (fieldKindOf(props[total.field]) !== 'money') at(`${pointer}/field`, `'${total.field}' is not a money field of record.properties: only money is totalled`);
    total.states.forEach((state, i) => {
      if (!r.states?.values.includes(state)) at(`${pointer}/states/${i}`, `'${state}' is not one of states.values`);
    });
  }
  fieldRef('/list/defaultSort', r.list.defaultSort.replace(/^-/, ''));
  r.list.filters.forEach((f, i) => {
    const pointer = `/list/filters/${i}`;
    if (!known(f.field)) return fieldRef(`${pointer}/field`, f.field);
    const schema = props[f.field];
    const allowed = schema ? filtersOf(schema) : (SYSTEM_FILTERS[f.field] ?? ['text']);
    if (!allowed.includes(f.kind)) at(`${pointer}/kind`, FILTER_NEEDS[f.kind](f.field));
    if (f.kind === 'enum' && f.field === 'state' && !r.states) at(`${pointer}/field`, `'state' needs a states declaration`);
  });
  // Built-in views name only declared filters, a sortable field and a declared action.
  const declaredFilters = new Set(r.list.filters.map((f) => f.field));
  const sortable = new Set([...r.list.sortable, r.list.defaultSort.replace(/^-/, '')]);
  (r.list.views ?? []).forEach((v, i) => {
    const pointer = `/list/views/${i}`;
    for (const name of Object.keys(v.filters)) if (!declaredFilters.has(name)) at(`${pointer}/filters/${name}`, `'${name}' is not a declared filter of list.filters`);
    if (v.sort && !sortable.has(v.sort.replace(/^-/, ''))) at(`${pointer}/sort`, `'${v.sort}' is not a sortable field`);
    if (v.action && !r.actions?.some((a) => a.name === v.action)) at(`${pointer}/action`, `'${v.action}' is not one of actions`);
  });
  // A selection's input from each record: a declared action's input field, from a field of the record.
  for (const [name, fields] of Object.entries(r.list.bulkInput ?? {})) {
    const action = r.actions?.find((a) => a.name === name);
    if (!action) at(`/list/bulkInput/${name}`, `'${name}' is not one of actions`);
    for (const [input, field] of Object.entries(fields)) {
      if (action && !action.input?.properties[input]) at(`/list/bulkInput/${name}/${input}`, `'${input}' is not a field of the action's input`);
      fieldRef(`/list/bulkInput/${name}/${input}`, field);
    }
  }
  // Imported fields: the form's, of a kind a spreadsheet cell can hold, the form's required ones all there.
  if (r.list.import) {
    r.list.import.fields.forEach((f, i) => {
      if (!r.form.fields.includes(f)) at(`/list/import/fields/${i}`, `'${f}' is not in form.fields`);
      else if (!isImportable(props[f])) at(`/list/import/fields/${i}`, `'${f}' is of a kind a spreadsheet cell cannot hold (importable: ${IMPORTABLE_KINDS.join(', ')} and plain strings, numbers, booleans)`);
    });
    const needed = [...(r.record.required ?? []), ...(r.form.required ?? [])].filter((f) => r.form.fields.includes(f) && !props[f]?.readOnly);
    for (const f of needed) if (!r.list.import.fields.includes(f)) at('/list/import/fields', `'${f}' is required: an imported row must be able to give it`);
    const scope = r.list.import.scope;
    if (scope !== undefined && !partyRoles(r).includes(scope)) at('/list/import/scope', `'${scope}' is not a party role of the resource`);
  }
  r.show.sections.forEach((s, i) => s.fields.forEach((f, j) => fieldRef(`/show/sections/${i}/fields/${j}`, f)));
  r.form.fields.forEach((f, i) => {
    if (!(f in props)) at(`/form/fields/${i}`, `'${f}' is not a field of record.properties (system fields are not editable)`);
  });
  (r.form.readOnlyOnEdit ?? []).forEach((f, i) => {
    if (!r.form.fields.includes(f)) at(`/form/readOnlyOnEdit/${i}`, `'${f}' is not in form.fields`);
  });
  checkFieldKinds(props, '/record/properties', at);
  (r.actions ?? []).forEach((a, i) => checkFieldKinds(a.input?.properties ?? {}, `/actions/${i}/input/properties`, at));

  if (r.states) {
    const states = new Set(r.states.values);
    if (!states.has(r.states.initial)) at('/states/initial', `'${r.states.initial}' is not one of states.values`);
    r.states.editableIn.forEach((s, i) => {
      if (!states.has(s)) at(`/states/editableIn/${i}`, `'${s}' is not one of states.values`);
    });
    (r.states.paid ?? []).forEach((s, i) => {
      if (!states.has(s)) at(`/states/paid/${i}`, `'${s}' is not one of states.values`);
    });
    (r.actions ?? []).forEach((a, i) => {
      a.from.forEach((s, j) => {
        if (!states.has(s)) at(`/actions/${i}/from/${j}`, `'${s}' is not one of states.values`);
      });
      if (!states.has(a.to)) at(`/actions/${i}/to`, `'${a.to}' is not one of states.values`);
    });
    if (r.expiry) {
      r.expiry.from.forEach((s, i) => {
        if (!states.has(s)) at(`/expiry/from/${i}`, `'${s}' is not one of states.values`);
      });
      if (!states.has(r.expiry.to)) at('/expiry/to', `'${r.expiry.to}' is not one of states.values`);
      if (props[r.expiry.field]?.format !== 'date') at('/expiry/field', `'${r.expiry.field}' is not a date field of record.properties`);
    }
    (r.visibility?.market?.states ?? []).forEach((s, i) => {
      if (!states.has(s)) at(`/visibility/market/states/${i}`, `'${s}' is not one of states.values`);
    });
  } else if (r.actions?.length) {
    at('/actions', 'actions need a states declaration');
  }
  if (r.visibility?.market && r.ownership !== 'account') at('/visibility/market', "a market needs ownership 'account'");
  if (r.visibility?.market && !r.states) at('/visibility/market', 'a market needs a states declaration');
  if (r.parties && r.ownership !== 'account') at('/parties', "parties need ownership 'account'");
  // A source resource is a view (src/server/resources/sources.ts): nothing is written to it.
  if (r.source) {
    for (const key of ['actions', 'createHandler', 'compute', 'document', 'expiry', 'parties', 'laterParties', 'requiresService'] as const) {
      if (r[key] !== undefined) at(`/${key}`, `a resource listed from a source is read-only: no ${key}`);
    }
    if (r.form.fields.length) at('/form/fields', 'a resource listed from a source is read-only: no form fields');
  } else if (!r.form.fields.length) {
    at('/form/fields', 'a form needs at least one field');
  }
  (r.actions ?? []).forEach((a, i) => {
    (a.by ?? []).forEach((who, j) => {
      if (who === 'market' && !r.visibility?.market) at(`/actions/${i}/by/${j}`, "'market' actions need visibility.market");
      else if (who === 'otherParty' && !partyRoles(r).length) at(`/actions/${i}/by/${j}`, "'otherParty' actions need parties");
      else if (who === 'ops' && !r.visibility?.ops) at(`/actions/${i}/by/${j}`, "'ops' actions need visibility.ops");
      else if (!['owner', 'market', 'otherParty', 'ops'].includes(who) && !partyRoles(r).includes(who)) at(`/actions/${i}/by/${j}`, `'${who}' is not owner, market, otherParty, ops or one of parties`);
    });
    if (typeof a.result === 'string' && ctx.menuKeys && !ctx.menuKeys.has(a.result)) at(`/actions/${i}/result`, `'${a.result}' is not a key of schemas/menu.json`);
    checkMoves(r, a, `/actions/${i}`, at);
  });
  const names = new Set<string>();
  (r.actions ?? []).forEach((a, i) => {
    if (names.has(a.name)) at(`/actions/${i}/name`, `'${a.name}' is declared twice`);
    names.add(a.name);
  });

  if (ctx.permissionIds && !ctx.permissionIds.has(r.permissionId)) {
    at('/permissionId', `'${r.permissionId}' is not declared in schemas/permissions.json`);
  }
  if (r.menu && ctx.menuKeys && !ctx.menuKeys.has(r.menu.parent)) at('/menu/parent', `'${r.menu.parent}' is not a key of schemas/menu.json`);
  if (r.menu && ctx.routes?.some((route) => route.path === r.menu?.path)) at('/menu/path', `'${r.menu.path}' is already a route of schemas/menu.json`);

  // Labels: both languages, everything a person sees.
  for (const lang of LANGUAGES) {
    const labels = r.labels[lang];
    const base = `/labels/${lang}`;
    const need = (group: string, key: string, value: string | undefined) => {
      if (!value) at(`${base}/${group}`, `missing the label '${key}'`);
    };
    const shown = new Set([...Object.keys(props), ...r.list.columns, ...r.show.sections.flatMap((s) => s.fields), ...Object.keys(r.list.stateTotals ?? {})]);
    for (const a of r.actions ?? []) for (const f of Object.keys(a.input?.properties ?? {})) shown.add(f);
    for (const f of shown) need('fields', f, labels.fields[f]);
    for (const [name, f] of Object.entries(props)) {
      for (const v of f.enum ?? []) need(`enums`, `${name}.${v}`, labels.enums?.[name]?.[String(v)]);
    }
    for (const s of r.states?.values ?? []) need('states', s, labels.states?.[s]);
    for (const a of r.actions ?? []) {
      need('actions', `${a.name}.label`, labels.actions?.[a.name]?.label);
      if (a.confirm) need('actions', `${a.name}.confirm`, labels.actions?.[a.name]?.confirm);
    }
    for (const s of r.show.sections) need('sections', s.key, labels.sections?.[s.key]);
    for (const v of r.list.views ?? []) need('views', v.key, labels.views?.[v.key]);
  }
}

export function checkResources(ctx: ResourceCheckContext, files: { file: SchemaFile; resource: ResourceDefinition }[]) {
  const byName = new Map<string, SchemaFile>();
  for (const { file, resource } of files) {
    const earlier = byName.get(resource.name);
    if (earlier) ctx.report(file.path, '/name', `'${resource.name}' is already the name of ${earlier.path}`);
    byName.set(resource.name, file);
    checkOne(ctx, file, resource);
  }
  for (const { file, resource } of files) {
    const role = resource.visibility?.market?.unlessParty;
    if (role && !partyRoles(resource).includes(role)) ctx.report(file.path, '/visibility/market/unlessParty', `'${role}' is not one of parties or laterParties`);
  }
  // A reference names another resource, which must exist.
  for (const { file, resource } of files) {
    for (const [name, f] of Object.entries(resource.record.properties)) {
      if (fieldKindSpec(fieldKindOf(f))?.ref && f['x-ref'] && !files.some((o) => o.resource.name === f['x-ref'])) {
        ctx.report(file.path, `/record/properties/${name}/x-ref`, `'${f['x-ref']}' is not a resource in schemas/resources/`);
      }
      // The states a reference offers are states of the resource it names.
      const target = files.find((o) => o.resource.name === f['x-ref'])?.resource;
      (f['x-refStates'] ?? []).forEach((state, i) => {
        if (target && !target.states?.values.includes(state)) ctx.report(file.path, `/record/properties/${name}/x-refStates/${i}`, `'${state}' is not one of ${target.name}'s states.values`);
      });
    }
  }
  for (const route of ctx.routes ?? []) {
    const render = route.entry.render;
    if (render && 'resource' in render && !byName.has(render.resource) && ctx.menuFile) {
      ctx.report(ctx.menuFile, `${route.pointer}/render/resource`, `'${render.resource}' is not a resource in schemas/resources/`);
    }
    if (render && 'resource' in render && render.scope && ctx.menuFile) {
      const target = files.find((f) => f.resource.name === render.resource)?.resource;
      const scopes = target ? listScopes(target) : [];
      if (target && !scopes.includes(render.scope)) ctx.report(ctx.menuFile, `${route.pointer}/render/scope`, `'${render.scope}' is not a list scope of ${render.resource} (${scopes.join(', ')})`);
    }
    if (render && 'resource' in render && render.states && ctx.menuFile) {
      const target = files.find((f) => f.resource.name === render.resource)?.resource;
      render.states.forEach((state, i) => {
        if (target && !target.states?.values.includes(state)) ctx.report(ctx.menuFile!, `${route.pointer}/render/states/${i}`, `'${state}' is not a state of ${render.resource}`);
      });
    }
    if (render && 'resource' in render && render.filter && ctx.menuFile) {
      const target = files.find((f) => f.resource.name === render.resource)?.resource;
      for (const [field, values] of Object.entries(render.filter)) {
        const pointer = `${route.pointer}/render/filter/${field}`;
        if (!target) continue;
        if (!target.list.filters.some((f) => f.field === field && f.kind === 'enum')) {
          ctx.report(ctx.menuFile, pointer, `'${field}' is not an enum filter of ${render.resource}`);
          continue;
        }
        const allowed = field === 'state' ? (target.states?.values ?? []) : (target.record.properties[field]?.enum ?? []).map(String);
        values.forEach((value, i) => {
          if (!allowed.includes(value)) ctx.report(ctx.menuFile!, `${pointer}/${i}`, `'${value}' is not a value of ${render.resource}.${field}`);
        });
      }
    }
    if (render && 'resource' in render && render.scopes && ctx.menuFile) {
      const target = files.find((f) => f.resource.name === render.resource)?.resource;
      const scopes = target ? listScopes(target) : [];
      render.scopes.forEach((scope, i) => {
        if (target && !scopes.includes(scope)) ctx.report(ctx.menuFile!, `${route.pointer}/render/scopes/${i}`, `'${scope}' is not a list scope of ${render.resource} (${scopes.join(', ')})`);
      });
    }
    if (render && 'resource' in render && render.createRoute && ctx.menuFile) {
      const form = ctx.routes?.find((r) => r.entry.key === render.createRoute)?.entry.render;
      if (!form || !('resource' in form) || form.resource !== render.resource || form.view !== 'create') {
        ctx.report(ctx.menuFile, `${route.pointer}/render/createRoute`, `'${render.createRoute}' is not a route with the create form of ${render.resource} (render.view create)`);
      }
    }
    // A list's showRoute shows the same resource (view show); a documentRoute prints a document.
    if (render && 'resource' in render && render.showRoute && ctx.menuFile) {
      const shown = ctx.routes?.find((r) => r.entry.key === render.showRoute)?.entry.render;
      if (!shown || !('resource' in shown) || shown.resource !== render.resource || shown.view !== 'show') {
        ctx.report(ctx.menuFile, `${route.pointer}/render/showRoute`, `'${render.showRoute}' is not a route showing ${render.resource} (render.view show)`);
      }
    }
    if (render && 'resource' in render && render.documentRoute && ctx.menuFile) {
      const target = files.find((f) => f.resource.name === render.resource)?.resource;
      const printed = ctx.routes?.find((r) => r.entry.key === render.documentRoute)?.entry.render;
      if (target && !target.document) ctx.report(ctx.menuFile, `${route.pointer}/render/documentRoute`, `${render.resource} declares no document`);
      if (!printed || !('page' in printed) || printed.page !== 'contractDocument') {
        ctx.report(ctx.menuFile, `${route.pointer}/render/documentRoute`, `'${render.documentRoute}' is not a route printing a document (render.page contractDocument)`);
      }
    }
  }
}

/** Forms (schemas/forms/*.json): fields named by the form, show and transient exist; both languages label them. */
export function checkForms(report: Report, files: { file: SchemaFile; form: FormDefinition }[]) {
  for (const { file, form } of files) {
    const at = (pointer: string, message: string) => report(file.path, pointer, message);
    const expectedName = file.path.split('/').pop()?.replace(/\.json$/, '');
    if (expectedName && form.name !== expectedName) at('/name', `must match the file name '${expectedName}'`);
    const props = form.record.properties;
    checkFieldKinds(props, '/record/properties', at);
    const exists = (pointer: string, name: string) => {
      if (!(name in props)) at(pointer, `'${name}' is not a field of record.properties`);
    };
    (form.record.required ?? []).forEach((f, i) => exists(`/record/required/${i}`, f));
    form.form.fields.forEach((f, i) => exists(`/form/fields/${i}`, f));
    form.show.sections.forEach((sec, i) => sec.fields.forEach((f, j) => exists(`/show/sections/${i}/fields/${j}`, f)));
    (form.transient ?? []).forEach((f, i) => exists(`/transient/${i}`, f));
    for (const lang of LANGUAGES) {
      const labels = form.labels[lang];
      for (const f of Object.keys(props)) if (!labels.fields[f]) at(`/labels/${lang}/fields`, `missing the label '${f}'`);
      for (const [name, f] of Object.entries(props)) {
        for (const v of f.enum ?? []) if (!labels.enums?.[name]?.[String(v)]) at(`/labels/${lang}/enums`, `missing the label '${name}.${v}'`);
      }
      for (const sec of form.show.sections) if (!labels.sections?.[sec.key]) at(`/labels/${lang}/sections`, `missing the label '${sec.key}'`);
    }
  }
}
