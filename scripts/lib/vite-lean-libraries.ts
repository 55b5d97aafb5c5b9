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
// - `resize-observer-polyfill` (rc-resize-observer's) answers the browser's own ResizeObserver
//   where there is one, which every supported browser has: it is that, without the polyfill.
// - ant-design-pro's texts: @refinedev/antd's page frames use its PageHeader, whose provider builds
//   its texts in 33 languages at the top of a module that the zh-CN texts' own lookup refers to, so
//   all of them came with every list and form. The console speaks zh-CN and en-US
//   (src/web/i18n); the other languages' texts are left out (a lookup in one of them would fall
//   back to zh-CN, as the provider does for a text it lacks).
// - antd's Tree in the table's column filter: only a filter declared as a tree draws it, which no
//   list here declares (the lists filter in FilterBar); it loads with such a filter's first opening
//   instead of with every table.
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

/** The languages whose ant-design-pro texts are kept (the console's, src/web/i18n LANGUAGES). */
const PRO_LOCALES_KEPT = ['zh_CN', 'en_US'];

/** ant-design-pro's intl module with every other language's texts an empty table. */
export function keepProLocales(code: string): string {
  return code.replace(/import (\w+) from "\.\/locale\/(\w+)";/g, (whole, name: string, locale: string) => (PRO_LOCALES_KEPT.includes(locale) ? whole : `var ${name} = {};`));
}

/** antd's table filter dropdown with its Tree loaded when first drawn (the statement stays on its one line). */
export function lazyFilterTree(code: string): string {
  const statement = "import Tree from '../../../tree';";
  if (!code.includes(statement)) throw new Error("lean-libraries: antd's FilterDropdown no longer imports Tree as expected; update lazyFilterTree");
  return code.replace(
    statement,
    "const LazyTree = React.lazy(() => import('../../../tree')); const Tree = (props) => React.createElement(React.Suspense, { fallback: null }, React.createElement(LazyTree, props));",
  );
}

const RESIZE_OBSERVER_ID = '\0lsf-resize-observer';
export const RESIZE_OBSERVER = 'export default globalThis.ResizeObserver;\n';

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
      if (source === 'side-channel') return SIDE_CHANNEL_ID;
      if (source === 'resize-observer-polyfill') return RESIZE_OBSERVER_ID;
      return null;
    },
    load(id) {
      if (id === SIDE_CHANNEL_ID) return SIDE_CHANNEL;
      if (id === RESIZE_OBSERVER_ID) return RESIZE_OBSERVER;
      return null;
    },
    transform(code, id) {
      if (!id.includes('/node_modules/')) return null;
      if (id.endsWith('/@ant-design/pro-provider/es/intl.js')) return { code: keepProLocales(code), map: null };
      if (id.endsWith('/antd/es/table/hooks/useFilter/FilterDropdown.js')) return { code: lazyFilterTree(code), map: null };
      if (!mentions.test(code)) return null;
      const next = rewriteBarrelImports(code);
      return next === code ? null : { code: next, map: null };
    },
  };
}
