// scripts/lib/vite-lean-libraries.ts: named imports of a barrel whose index keeps every export
// (rc-field-form) come from the files that define them; anything else stays as written.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepProLocales, lazyFilterTree, RESIZE_OBSERVER, rewriteBarrelImports, SIDE_CHANNEL } from '../../scripts/lib/vite-lean-libraries';

describe('rewriteBarrelImports', () => {
  it("takes antd's FormProvider from rc-field-form's context file, not its index", () => {
    expect(rewriteBarrelImports("import { FormProvider as RcFormProvider } from 'rc-field-form';\nconst a = 1;")).toBe(
      "import { FormProvider as RcFormProvider } from 'rc-field-form/es/FormContext';\nconst a = 1;",
    );
  });

  it('keeps the default export on the index and moves the named ones, on as many lines as before', () => {
    const source = "import FieldForm, {\n  List,\n  useWatch } from 'rc-field-form';\nx();";
    const out = rewriteBarrelImports(source);
    expect(out).toBe("import FieldForm from 'rc-field-form'; import List from 'rc-field-form/es/List'; import useWatch from 'rc-field-form/es/useWatch';\n\n\nx();");
    expect(out.split('\n')).toHaveLength(source.split('\n').length);
  });

  it('leaves unknown names on the index and other packages alone', () => {
    expect(rewriteBarrelImports("import { Field, Mystery } from 'rc-field-form';")).toBe("import { Mystery } from 'rc-field-form'; import Field from 'rc-field-form/es/Field';");
    const other = "import { FormProvider } from 'rc-field-form-extra';\nimport { Field } from \"other\";";
    expect(rewriteBarrelImports(other)).toBe(other);
  });
});

describe("ant-design-pro's texts", () => {
  it('keeps the zh-CN and en-US tables and makes every other language an empty one', () => {
    const source = 'import { get } from \'rc-util\';\nimport arEG from "./locale/ar_EG";\nimport enUS from "./locale/en_US";\nimport zhCN from "./locale/zh_CN";\nimport zhTW from "./locale/zh_TW";';
    expect(keepProLocales(source)).toBe('import { get } from \'rc-util\';\nvar arEG = {};\nimport enUS from "./locale/en_US";\nimport zhCN from "./locale/zh_CN";\nvar zhTW = {};');
  });
});

describe("antd table filter's Tree", () => {
  it('is loaded when a tree filter is first drawn, behind a Suspense of its own', () => {
    const out = lazyFilterTree("import * as React from 'react';\nimport Tree from '../../../tree';\nimport FilterSearch from './FilterSearch';");
    expect(out).toContain("React.lazy(() => import('../../../tree'))");
    expect(out).toContain('React.Suspense');
    expect(out.split('\n')).toHaveLength(3);
  });

  it('fails the build when antd changes the import it rewrites', () => {
    expect(() => lazyFilterTree("import Tree from 'antd/es/tree';")).toThrow(/FilterDropdown/);
  });
});

describe('side-channel as a Map', () => {
  interface Channel {
    assert(key: unknown): void;
    delete(key: unknown): boolean;
    get(key: unknown): unknown;
    has(key: unknown): boolean;
    set(key: unknown, value: unknown): void;
  }
  const load = () => {
    const module = { exports: undefined as unknown as () => Channel };
    new Function('module', SIDE_CHANNEL)(module);
    return module.exports;
  };

  it('keeps values by object and primitive keys, one map per channel, as qs uses it to find cycles', () => {
    const getSideChannel = load();
    const channel = getSideChannel();
    const key = {};
    channel.set(key, 1);
    channel.set('a', 2);
    expect([channel.get(key), channel.get('a'), channel.get({}), channel.has(key)]).toEqual([1, 2, undefined, true]);
    expect(getSideChannel().has(key)).toBe(false);
    expect(() => channel.assert({})).toThrow(TypeError);
    expect(channel.delete(key)).toBe(true);
    expect(channel.has(key)).toBe(false);
  });
});

describe('resize-observer-polyfill', () => {
  it("is the browser's own ResizeObserver, which is what the polyfill answers wherever there is one", () => {
    expect(RESIZE_OBSERVER).toBe('export default globalThis.ResizeObserver;\n');
    // The assumption that makes the two the same: the package's ES build returns the global one when present.
    const polyfill = readFileSync(join(import.meta.dirname, '../../node_modules/resize-observer-polyfill/dist/ResizeObserver.es.js'), 'utf8');
    expect(polyfill).toMatch(/if \(typeof global\$1\.ResizeObserver !== 'undefined'\) \{\s*return global\$1\.ResizeObserver;/);
  });
});
