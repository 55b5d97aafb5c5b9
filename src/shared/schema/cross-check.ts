// Checks between files, run on files that passed their meta-schema: every key a variant hides or
// removes exists in the menu, every permission id referenced is declared, every title key exists
// in both locale files, redirects land on routes, and the variant rules of SPEC hold.
import { LANGUAGES, type Language } from '../constants';
import type { SchemaFile, SchemaIssue } from './issues';
import { SCHEMA_PATHS } from './issues';
import type { LocaleTree, MenuFile, PermissionsFile, Variant } from './types';
import { walkMenu, type DeclaredRoute } from './walk';
import type { FormDefinition, ResourceDefinition } from '../resources/types';
import { checkForms, checkResources } from './resource-check';

/** Routes a variant may not remove: the entry redirect, the home page, sign-in and the failure page. */
export const ESSENTIAL_ROUTE_KEYS: readonly string[] = ['root', 'home', 'user', 'login', 'notFound'];

type Report = (file: string, pointer: string, message: string) => void;

const quote = (value: string): string => `'${value}'`;

function lookup(tree: LocaleTree, dotted: string): string | undefined {
  let node: string | LocaleTree | undefined = tree;
  for (const part of dotted.split('.')) {
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function leafKeys(tree: LocaleTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}/${key}`] : leafKeys(value, `${prefix}/${key}`),
  );
}

interface Context {
  report: Report;
  menuFile?: SchemaFile;
  menu?: MenuFile;
  routes?: DeclaredRoute[];
  permissionsFile?: SchemaFile;
  permissions?: PermissionsFile;
  locales: { file: SchemaFile; language: Language; tree: LocaleTree }[];
  variants: { file: SchemaFile; variant: Variant }[];
  resources: { file: SchemaFile; resource: ResourceDefinition }[];
  /** Every file given, valid or not: a file that failed its meta-schema is not also reported missing. */
  present: Set<string>;
}

function checkTitleKey(ctx: Context, file: string, pointer: string, titleKey: string) {
  for (const locale of ctx.locales) {
    if (lookup(locale.tree, titleKey) === undefined) {
      ctx.report(file, pointer, `${quote(titleKey)} is missing from ${locale.file.path}`);
    }
  }
}

function checkMenu(ctx: Context, routes: DeclaredRoute[], file: string) {
  const byKey = new Map<string, DeclaredRoute>();
  const byPath = new Map<string, DeclaredRoute>();
  for (const route of routes) {
    const at = route.pointer;
    const earlier = byKey.get(route.key);
    if (earlier) ctx.report(file, `${at}/key`, `${quote(route.key)} is already the key of #${earlier.pointer}`);
    else byKey.set(route.key, route);

    if (route.path !== undefined) {
      const same = byPath.get(route.path);
      if (same) ctx.report(file, `${at}/path`, `${quote(route.path)} is already the path of #${same.pointer}`);
      else byPath.set(route.path, route);
    }

    if (route.isGroup) {
      if (route.render) ctx.report(file, `${at}/render`, 'an entry with children cannot render; give it a redirect to a child');
    } else {
      if (route.path === undefined) ctx.report(file, at, 'an entry without children must have a path');
      if (!route.render && route.redirect === undefined) ctx.report(file, at, 'an entry without children must have render or redirect');
    }
    if (route.render && route.redirect !== undefined) ctx.report(file, `${at}/redirect`, 'a route cannot have both render and redirect');
    if (route.redirect !== undefined && route.path === undefined) ctx.report(file, `${at}/redirect`, 'a redirect needs a path to redirect from');
    if (route.entry.public !== undefined && !route.render) {
      ctx.report(file, `${at}/public`, 'only a route that renders can be public (a redirect takes the flag of its target)');
    }

    // SPEC §6: the tag says which family of permission ids gates the route.
    if (route.entry.permission !== undefined || route.entry.permissionIds !== undefined) {
      const pointer = `${route.permissionIdsSource}/permissionIds`;
      if (route.permission === 'none' && route.permissionIds.length > 0) {
        ctx.report(file, pointer, "a route tagged 'none' takes no permission ids");
      }
      if (route.permission !== 'none' && route.permissionIds.length === 0) {
        ctx.report(file, pointer, `a route tagged ${quote(route.permission)} needs at least one permission id`);
      }
    }
    const declaresIds = route.entry.permissionIds !== undefined;
    if ((declaresIds || route.entry.permission !== undefined) && ctx.permissions) {
      const permissionsPath = ctx.permissionsFile?.path ?? SCHEMA_PATHS.permissions;
      route.permissionIds.forEach((id, index) => {
        const pointer = declaresIds ? `${at}/permissionIds/${index}` : `${at}/permission`;
        const declared = ctx.permissions?.permissions.find((p) => p.id === id);
        if (!declared) {
          if (declaresIds) ctx.report(file, pointer, `must be a permission id declared in ${permissionsPath}`);
        } else if (route.permission !== 'none' && declared.tag !== route.permission) {
          ctx.report(
            file,
            pointer,
            `${quote(id)} gates ${quote(declared.tag)} pages in ${permissionsPath}, but this route is tagged ${quote(route.permission)}`,
          );
        }
      });
    }
    checkTitleKey(ctx, file, `${at}/titleKey`, route.titleKey);
  }

  // Redirects land on a declared route, without loops.
  for (const route of routes) {
    if (route.redirect === undefined) continue;
    const seen = new Set<string>([route.path ?? '']);
    let target: DeclaredRoute | undefined = byPath.get(route.redirect);
    if (!target) {
      ctx.report(file, `${route.pointer}/redirect`, `must be the path of a route declared in ${file}`);
      continue;
    }
    while (target?.redirect !== undefined) {
      if (seen.has(target.path ?? '')) {
        ctx.report(file, `${route.pointer}/redirect`, 'redirects in a loop');
        break;
      }
      seen.add(target.path ?? '');
      target = byPath.get(target.redirect);
    }
  }
}

function checkPermissions(ctx: Context, permissions: PermissionsFile, file: string) {
  const declared = new Map<string, number>();
  permissions.permissions.forEach((permission, index) => {
    const earlier = declared.get(permission.id);
    if (earlier !== undefined) ctx.report(file, `/permissions/${index}/id`, `${quote(permission.id)} is already declared at #/permissions/${earlier}`);
    else declared.set(permission.id, index);
    checkTitleKey(ctx, file, `/permissions/${index}/titleKey`, permission.titleKey);
  });
  for (const [role, declaration] of Object.entries(permissions.roles)) {
    checkTitleKey(ctx, file, `/roles/${role}/titleKey`, declaration.titleKey);
    for (const id of Object.keys(declaration.grants)) {
      if (!declared.has(id)) ctx.report(file, `/roles/${role}/grants/${id}`, 'must be a permission id declared in #/permissions');
    }
  }
  permissions.actions.forEach((action, index) => checkTitleKey(ctx, file, `/actions/${index}`, `actions.${action}`));
}

function checkVariant(ctx: Context, file: SchemaFile, variant: Variant, routes: DeclaredRoute[] | undefined) {
  const at = (pointer: string, message: string) => ctx.report(file.path, pointer, message);
  const fileId = /([^/]+)\.json$/.exec(file.path)?.[1];
  if (fileId !== undefined && variant.id !== fileId) at('/id', `must equal the file name ${quote(fileId)}`);

  // SPEC: businessType '1' for the mutual variant, '0' otherwise; the mutual agreement endpoint.
  if (variant.todoBusinessType !== (variant.mutual ? '1' : '0')) {
    at('/todoBusinessType', `must be ${quote(variant.mutual ? '1' : '0')} in a ${variant.mutual ? 'mutual' : 'non-mutual'} variant`);
  }
  const agreement = variant.mutual ? 'mutualGetAgreement' : 'lsfGetAgreement';
  if (variant.agreementEndpoint !== agreement) at('/agreementEndpoint', `must be ${quote(agreement)} in a ${variant.mutual ? 'mutual' : 'non-mutual'} variant`);
  // SPEC §1: variant builds send users to the main platform's login.
  if (variant.id === 'main' && variant.loginMode !== 'own') at('/loginMode', "must be 'own': the main platform has its own login");
  if (variant.id !== 'main' && variant.loginMode === 'own') at('/loginMode', 'must be { "mainPlatform": "<URL>" }: variant builds sign in on the main platform');

  if (!routes) return;
  const menuPath = ctx.menuFile?.path ?? SCHEMA_PATHS.menu;
  const byKey = new Map(routes.map((route) => [route.key, route]));
  const removed = new Set(variant.removed);
  const isRemoved = (route: DeclaredRoute) => removed.has(route.key) || route.parentKeys.some((key) => removed.has(key));

  variant.hidden.forEach((key, index) => {
    if (!byKey.has(key)) at(`/hidden/${index}`, `must be a menu key declared in ${menuPath}`);
    else if (removed.has(key)) at(`/hidden/${index}`, `${quote(key)} is also removed; list it in hidden or in removed, not both`);
  });
  const reported = new Set<number>();
  variant.removed.forEach((key, index) => {
    if (!byKey.has(key)) at(`/removed/${index}`, `must be a menu key declared in ${menuPath}`);
    else if (ESSENTIAL_ROUTE_KEYS.includes(key)) at(`/removed/${index}`, `${quote(key)} cannot be removed (every variant needs ${ESSENTIAL_ROUTE_KEYS.join(', ')})`);
    else return;
    reported.add(index);
  });

  // A route that stays must not redirect into one that is gone.
  const byPath = new Map(routes.filter((r) => r.path !== undefined).map((r) => [r.path, r]));
  for (const route of routes) {
    if (route.redirect === undefined || isRemoved(route)) continue;
    const target = byPath.get(route.redirect);
    if (target && isRemoved(target)) {
      const index = variant.removed.findIndex((key) => key === target.key || target.parentKeys.includes(key));
      if (reported.has(index)) continue;
      reported.add(index);
      at(`/removed/${index}`, `removes ${route.redirect}, the redirect target of ${quote(route.key)}; remove ${quote(route.key)} too or keep the target`);
    }
  }

  const href = variant.footer.banner.href;
  if (href.startsWith('/')) {
    const target = byPath.get(href.split(/[?#]/)[0]);
    if (!target || isRemoved(target)) at('/footer/banner/href', `must be the path of a route of this variant (${menuPath})`);
  }
}

function checkVariantSet(ctx: Context) {
  const firstWith = new Map<string, string>();
  for (const { file, variant } of ctx.variants) {
    const id = `platform:${variant.noticePlatform}`;
    const other = firstWith.get(id);
    if (other) ctx.report(file.path, '/noticePlatform', `${quote(variant.noticePlatform)} is already the platform of ${other}`);
    else firstWith.set(id, file.path);
  }
  const mainPath = SCHEMA_PATHS.variant('main');
  if (!ctx.variants.some((v) => v.variant.id === 'main') && !ctx.present.has(mainPath)) {
    ctx.report(mainPath, '', 'is missing: the main variant must exist');
  }
}

function checkLocaleParity(ctx: Context) {
  const [first, ...others] = ctx.locales;
  if (!first) return;
  const firstKeys = new Set(leafKeys(first.tree));
  for (const other of others) {
    const otherKeys = new Set(leafKeys(other.tree));
    for (const key of firstKeys) if (!otherKeys.has(key)) ctx.report(other.file.path, key, `is missing (${first.file.path} has it)`);
    for (const key of otherKeys) if (!firstKeys.has(key)) ctx.report(first.file.path, key, `is missing (${other.file.path} has it)`);
  }
}

/**
 * Cross-file checks over the files that passed their meta-schema (`valid`); `all` is every file
 * given, so that a broken file is not also reported as missing.
 */
export function crossCheck(valid: readonly SchemaFile[], all: readonly SchemaFile[]): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const ctx: Context = {
    report: (file, pointer, message) => issues.push({ file, pointer, message }),
    locales: [],
    variants: [],
    resources: [],
    present: new Set(all.map((f) => f.path)),
  };
  const forms: { file: SchemaFile; form: FormDefinition }[] = [];
  for (const file of valid) {
    if (file.kind === 'menu') {
      ctx.menuFile = file;
      ctx.menu = file.data as MenuFile;
    } else if (file.kind === 'permissions') {
      ctx.permissionsFile = file;
      ctx.permissions = file.data as PermissionsFile;
    } else if (file.kind === 'variant') {
      ctx.variants.push({ file, variant: file.data as Variant });
    } else if (file.kind === 'locale' && file.language) {
      ctx.locales.push({ file, language: file.language, tree: file.data as LocaleTree });
    } else if (file.kind === 'resource') {
      ctx.resources.push({ file, resource: file.data as ResourceDefinition });
    } else if (file.kind === 'form') {
      forms.push({ file, form: file.data as FormDefinition });
    }
  }
  // Title keys can only be checked against locale files that are present and valid.
  const localesComplete = LANGUAGES.every((language) => ctx.locales.some((l) => l.language === language));
  if (!localesComplete) ctx.locales = [];

  if (ctx.menu && ctx.menuFile) {
    ctx.routes = walkMenu(ctx.menu);
    checkMenu(ctx, ctx.routes, ctx.menuFile.path);
  }
  if (ctx.permissions && ctx.permissionsFile) checkPermissions(ctx, ctx.permissions, ctx.permissionsFile.path);
  for (const { file, variant } of ctx.variants) checkVariant(ctx, file, variant, ctx.routes);
  checkVariantSet(ctx);
  checkLocaleParity(ctx);
  // Resources are checked whenever the set includes the resources folder's files (the Node
  // loader always does; the browser bundle receives resources from the server at run time).
  if (ctx.resources.length > 0 || all.some((f) => f.kind === 'resource')) {
    checkResources(
      {
        report: ctx.report,
        permissionIds: ctx.permissions ? new Set(ctx.permissions.permissions.map((p) => p.id)) : undefined,
        menuKeys: ctx.routes ? new Set(ctx.routes.map((r) => r.key)) : undefined,
        routes: ctx.routes,
        menuFile: ctx.menuFile?.path,
      },
      ctx.resources,
    );
  }
  checkForms(ctx.report, forms);
  return issues;
}
