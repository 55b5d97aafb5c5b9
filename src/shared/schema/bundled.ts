// The declarative files as the bundle sees them (static JSON imports, no file system), so the
// browser build, the server and the tests can validate exactly what they ship.
import menu from '../../../schemas/menu.json';
import permissions from '../../../schemas/permissions.json';
import enUS from '../locales/en-US/menu.json';
import zhCN from '../locales/zh-CN/menu.json';
import { SCHEMA_PATHS, type SchemaFile } from './issues';
import { BUNDLED_VARIANTS } from './variants';

export { BUNDLED_VARIANTS } from './variants';

export function bundledSchemaFiles(): SchemaFile[] {
  return [
    { path: SCHEMA_PATHS.menu, kind: 'menu', data: menu },
    { path: SCHEMA_PATHS.permissions, kind: 'permissions', data: permissions },
    ...Object.entries(BUNDLED_VARIANTS).map(([id, data]): SchemaFile => ({ path: SCHEMA_PATHS.variant(id), kind: 'variant', data })),
    { path: SCHEMA_PATHS.locale('zh-CN'), kind: 'locale', language: 'zh-CN', data: zhCN },
    { path: SCHEMA_PATHS.locale('en-US'), kind: 'locale', language: 'en-US', data: enUS },
  ];
}
