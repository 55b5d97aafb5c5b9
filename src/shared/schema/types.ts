// TypeScript shapes of the declarative files. The meta-schemas in schemas/meta/ are the
// authority; these types describe what a file that passed them looks like.
import type { Language } from '../constants';
import type { Action } from '../permissions';

export type Layout = 'main' | 'user' | 'blank';
/** SPEC §6 route tag: which family of permission ids gates the route ('none' = receipts, auth pages). */
export type PermissionTag = 'dashboard' | 'form' | 'none';

/** What renders a route: a named page, a generated resource view or a receipt template. */
export type RouteRender =
  | { page: string }
  /**
   * `scope`: the list shows only this scope of the resource (e.g. `buyer`: the records where I am
   * the buyer); `states`: only records in these states; `filter`: only records whose enum field
   * has one of the values (`{source: ['mutualOffer']}`); `view: 'create'`: the route is the create
   * form, `view: 'show'`: the route shows the record of `?id=`; `showRoute`: the key of the show
   * route a list row opens; `documentRoute`: the key of the route printing the record's document;
   * `has`: only records where these fields are set (the objections: contracts with `objectedAt`);
   * `scopes`: party roles the list offers beside "mine" as a switch (the payment requests: as
   * payee, as payer); `createRoute`: the key of the route with the create form the list's create
   * button opens (shown even for a resource with parties, whose create handler names them).
   */
  | {
      resource: string;
      scope?: string;
      states?: string[];
      filter?: Record<string, string[]>;
      has?: string[];
      view?: 'create' | 'show';
      showRoute?: string;
      documentRoute?: string;
      scopes?: string[];
      createRoute?: string;
    }
  | { receipt: string };

/** One entry of schemas/menu.json. layout, permission and permissionIds are inherited from the parent when absent. */
export interface MenuEntry {
  key: string;
  path?: string;
  redirect?: string;
  titleKey: string;
  icon: string;
  layout?: Layout;
  permission?: PermissionTag;
  permissionIds?: string[];
  public?: boolean;
  hidden?: boolean;
  render?: RouteRender;
  children?: MenuEntry[];
}

export interface MenuFile {
  routes: MenuEntry[];
}

export interface PermissionDeclaration {
  id: string;
  /** The SPEC §6 tag of the pages this id gates. */
  tag: Exclude<PermissionTag, 'none'>;
  titleKey: string;
}

export type Grant = '*' | Action[];

export interface RoleDeclaration {
  titleKey: string;
  grants: Record<string, Grant>;
}

export interface PermissionsFile {
  actions: Action[];
  permissions: PermissionDeclaration[];
  roles: Record<string, RoleDeclaration>;
}

export type LocalizedText = Record<Language, string>;

export interface VariantSettings {
  theme: 'dark' | 'light';
  primaryColor: string;
  layout: 'sidemenu' | 'topmenu';
  contentWidth: 'fluid' | 'fixed';
  fixedHeader: boolean;
  fixedSidebar: boolean;
  weakMode: boolean;
  multiTab: boolean;
}

/** 'own': the build has its own login page. Otherwise signed-out users go to the main platform's login. */
export type LoginMode = 'own' | { mainPlatform: string };

export interface Variant {
  id: string;
  /** The mutual-promise variant (xhn). */
  mutual: boolean;
  name: LocalizedText;
  logo: { text: LocalizedText; src?: string };
  productTitle: LocalizedText;
  headerDescription: LocalizedText;
  /** Page name that renders /home in this variant. */
  homePage: string;
  /** `platform` of GET /api/system/notice/unread and of the notices ops publish. */
  noticePlatform: string;
  /** GET /api/system/LoginPlatform/<agreementEndpoint> */
  agreementEndpoint: 'lsfGetAgreement' | 'mutualGetAgreement';
  /** businessType of POST /api/system/newTodo/todoCount and todoList. */
  todoBusinessType: '0' | '1';
  /** Request name -> extra parameters (the mutual variant adds platform to agreementlist and searchCom). */
  extraParams: Record<string, Record<string, string | number | boolean>>;
  settings: VariantSettings;
  loginMode: LoginMode;
  footer: {
    operatorNotice: LocalizedText;
    registrationNotice: LocalizedText;
    banner: { text: LocalizedText; href: string };
  };
  /** Partner links of the /friendLinks page, in order. */
  friendLinks: { name: LocalizedText; href: string; description: LocalizedText }[];
  /** Menu keys left out of navigation; the routes stay reachable. */
  hidden: string[];
  /** Menu keys (with their children) that do not exist in this variant. */
  removed: string[];
  /** How money steps are confirmed: `smsAbove` yuan, above which only an SMS code confirms (src/server/confirm/). */
  confirmation?: { smsAbove?: string };
  /** Settlement options: whether a bill's holder may pass part of it on, and the smallest part (yuan) (src/shared/passOn.ts). */
  settlement?: { passOn?: boolean; minPart?: string };
}

/** A nested locale file: keys to strings or to further objects. */
export interface LocaleTree {
  [key: string]: string | LocaleTree;
}
