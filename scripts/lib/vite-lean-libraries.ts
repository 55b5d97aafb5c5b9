// Keeps library code that no page runs out of the console's chunks, without changing what any
// library does (issue 32 item 7: the shell and a list page within their gzip budgets).
//
// - Barrel imports: rc-field-form's index sets Field, List, useForm and useWatch as properties of
//   its default export at the top of the module, and those writes count as side effects, so
//   importing only `FormProvider` (antd's config and form contexts do, in every page) kept the
//   whole form engine and its validator in the shell. Named imports of it are rewritten to the
//   files that define them; the default export (antd's Form itself) still comes from the index.
// - `side-channel`: qs (refine's URL parsing) asks it for a map to catch cycles while it
//   stringifies; the package builds that map from get-intrinsic, object-inspect and call-bind to
//   serve engines without WeakMap. Here it is a Map, which every browser the console supports has.
import type { Plugin } from 'vite';

/** Where each named export of a barrel module is defined: [file in the package, export name]. */
const BARRELS: Record<string, Record<string, [string, string]>> = {
  'rc-field-form': {
    Field: ['es/Field', 'default'],
    List: ['es/List', 'default'],
    useForm: ['es/useForm', 'default'],
    FormProvider: ['es/FormContext', 'FormProvider'],
    FieldContext: ['es/FieldContext', 'default'],
    ListContext: ['es/ListContext', 'default'],
    useWatch: ['es/useWatch', 'default'],
  },
};

const SIDE_CHANNEL_ID = '\0lsf-side-channel';
// side-channel's interface (assert, delete, get, has, set) over a Map; CommonJS, as qs requires it.
export const SIDE_CHANNEL = `module.exports = function getSideChannel() {
  var map = new Map();
  return {
    assert: function (key) { if (!map.has(key)) throw new TypeError('Side channel does not contain the given key'); },
    delete: function (key) { return map.delete(key); },
    get: function (key) { return map.get(key); },
    has: function (key) { return map.has(key); },
    set: function (key, value) { map.set(key, value); },
  };
};
`;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** `import [Default,] { a, b as c } from 'pkg';` with each known name from its own file (on one line, so line numbers hold). */
export function rewriteBarrelImports(code: string): string {
  let out = code;
  for (const [pkg, names] of Object.entries(BARRELS)) {
    const statement = new RegExp(`import\\s+(?:([\\w$]+)\\s*,\\s*)?\\{([^}]*)\\}\\s*from\\s*(['"])${escape(pkg)}\\3;?`, 'g');
    out = out.replace(statement, (whole, defaultName: string | undefined, list: string) => {
      const kept: string[] = [];
      const direct: string[] = [];
      for (const specifier of list.split(',').map((s) => s.trim()).filter(Boolean)) {
        const [imported, local = imported] = specifier.split(/\s+as\s+/).map((s) => s.trim());
        const place = names[imported];
        if (!place) kept.push(specifier);
        else if (place[1] === 'default') direct.push(`import ${local} from '${pkg}/${place[0]}';`);
        else direct.push(`import { ${place[1]} as ${local} } from '${pkg}/${place[0]}';`);
      }
      if (direct.length === 0) return whole;
      const fromIndex = defaultName || kept.length ? [`import ${[defaultName, kept.length ? `{ ${kept.join(', ')} }` : ''].filter(Boolean).join(', ')} from '${pkg}';`] : [];
      return [...fromIndex, ...direct].join(' ').replace(/\n/g, ' ') + '\n'.repeat(whole.split('\n').length - 1);
    });
  }
  return out;
}

export function leanLibrariesPlugin(): Plugin {
  const mentions = new RegExp(Object.keys(BARRELS).map(escape).join('|'));
  return {
    name: 'lsf-lean-libraries',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'side-channel' ? SIDE_CHANNEL_ID : null;
    },
    load(id) {
      return id === SIDE_CHANNEL_ID ? SIDE_CHANNEL : null;
    },
    transform(code, id) {
      if (!id.includes('/node_modules/') || !mentions.test(code)) return null;
      const next = rewriteBarrelImports(code);
      return next === code ? null : { code: next, map: null };
    },
  };
}
