// A resource file (schemas/resources/<name>.json) declares one kind of business record:
// its JSON Schema, how it is listed, shown and edited, who owns it, its states and actions,
// its labels in both languages and where it appears in the menu. The server derives the API
// from it, the console the pages: adding a resource needs no TypeScript (docs/add-a-resource.md).
// schemas/meta/resource.schema.json is the authority; these types describe a file that passed it.
import type { Language } from '../constants';
import type { Action } from '../permissions';
import type { FieldKind } from './fieldKinds';
import type { BuiltInView } from './listViews';
import type { MoneyMoves } from './moneyMoves';

/** JSON Schema of one field (draft-07 subset rjsf and ajv share), with our x- annotations. */
export interface FieldSchema {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  format?: string;
  enum?: (string | number)[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  items?: FieldSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, FieldSchema>;
  required?: string[];
  default?: unknown;
  /** How the field is filtered, stored in SQL, shown, exported and entered, beyond its type (fieldKinds.ts). */
  'x-kind'?: FieldKind;
  /** For x-kind 'reference': the resource whose record id this is. */
  'x-ref'?: string;
  /** For x-kind 'reference': the states of the records a form offers (a payment request's contract: signed ones); the server's own rule decides. */
  'x-refStates'?: string[];
  /** Set by the server only (computed amounts, signatures, names): a client's value is ignored. */
  readOnly?: boolean;
  /** A money field that must be more than 0 (a price, an amount to pay): the ajv keyword of shared/formats.ts, on both sides. */
  'x-positive'?: boolean;
  /** A date field that may not be a day already past in China (a delivery date): shared/resources/notPast.ts, on both sides. */
  'x-notPast'?: boolean;
}

/** The x-kinds, each defined once in fieldKinds.ts (the one field-kind registry). */
export type { FieldKind } from './fieldKinds';

/** Columns every record has besides its declared fields. */
export const SYSTEM_FIELDS = ['id', 'state', 'version', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'] as const;
export type SystemField = (typeof SYSTEM_FIELDS)[number];

export type FilterKind = 'text' | 'enum' | 'dateRange' | 'amountRange';

export interface FilterDeclaration {
  field: string;
  kind: FilterKind;
}

export interface ListDeclaration {
  columns: string[];
  filters: FilterDeclaration[];
  /** `field` ascending or `-field` descending. */
  defaultSort: string;
  /** Fields the user may sort by (defaultSort's field is always sortable). */
  sortable: string[];
  /** Money fields summed over every record the filters match (Page.totals), shown as a total row. */
  totals?: string[];
  /** Named totals of a money field over the matching records in these states only (Page.totals[name]), labelled as fields. */
  stateTotals?: Record<string, { field: string; states: string[] }>;
  /** Built-in saved views (an operations queue: deposits to confirm), labelled `views.<key>` (shared/resources/listViews.ts). */
  views?: BuiltInView[];
  /**
   * The input an action takes from each record when it runs on a selection (src/server/resources/bulk.ts):
   * action -> input field -> record field (paying several bills pays each one's open amount).
   */
  bulkInput?: Record<string, Record<string, string>>;
  /**
   * Records may be imported from a spreadsheet (XLSX or CSV; src/server/resources/import/): the
   * form's fields a row may give, in the template's column order. Each row is checked and written
   * as a create (the same schema, handler and door); the list offers its import button to callers who may create.
   */
  import?: {
    fields: string[];
    /** For a resource with parties: the list scope (party role) whose routes offer it, the role a create gives the caller (a payee issues bills). */
    scope?: string;
  };
}

export interface ShowSection {
  /** Key in the resource's own labels: sections.<key>. */
  key: string;
  fields: string[];
}

export interface FormDeclaration {
  /** Field order of the create/edit form. */
  fields: string[];
  /** rjsf uiSchema (widgets, placeholders, ui:options such as colSpan for the grid). */
  uiSchema?: Record<string, unknown>;
  /** Fields the edit form shows read-only. */
  readOnlyOnEdit?: string[];
  /** Fields the form requires beyond the record's own required ones (records made by actions may lack them). */
  required?: string[];
}

export interface StateMachine {
  initial: string;
  values: string[];
  /** States in which the record may be edited and deleted. */
  editableIn: string[];
  /** States the record is in once it was paid (a contract's collateral). */
  paid?: string[];
}

export interface ActionDeclaration {
  name: string;
  /** States the action may start from. */
  from: string[];
  to: string;
  /** The CASL action it needs on the resource's permission id. */
  ability: Action;
  /** Extra input (e.g. a reason), a JSON Schema of an object. */
  input?: { type: 'object'; properties: Record<string, FieldSchema>; required?: string[] };
  /** Asks for confirmation first (text: actions.<name>.confirm in the labels). */
  confirm?: boolean;
  /** A server handler a domain contributes under this name (its Domain object) runs in the transaction of the transition. */
  handler?: string;
  /**
   * Who runs it: the owning account (`owner`, default), another approved account that sees the
   * record on the market (`market`), a declared party role (`buyer`, `seller`), or any party
   * that is not the owner (`otherParty`: the recipient of a contract its owner initiated), or
   * platform operations (`ops`, with `visibility.ops`; the ops permission's grant is checked).
   */
  by?: string[];
  /** The acting user confirms with a fresh SMS code to their own phone (input `smsCode`), spent in the action's transaction. */
  sms?: boolean;
  /** A variant file's boolean option (section.option) that switches the action off where a served variant sets it false (shared/resources/variantSwitch.ts). */
  variantSwitch?: string;
  /** The action moves money (its handler posts ledger transfers): an Idempotency-Key header is required. */
  money?: boolean;
  /** What the money action moves (required with `money`): the amount, who is on the other side, the wallet figure it changes (moneyMoves.ts). */
  moves?: MoneyMoves;
  /**
   * A signing step (implies sms): each party in `by` signs once; the record stays in its state
   * until every party has signed, then moves to `to`. The first signature fixes the SHA-256 of
   * the resource's `document`, and a document that has changed since cannot be signed.
   */
  signature?: boolean;
  /**
   * After success the console opens a result step for the record: `true` the route rendering page
   * `actionResult`, a string the menu route with that key (e.g. `paymentStatus`), both with
   * `?resource=&id=&action=&from=`.
   */
  result?: boolean | string;
}

/** One party's signature on a record (stored in its `signatures` field). */
export interface SignatureRecord {
  role: string;
  accountId: string;
  accountName: string;
  userId: string;
  userName: string;
  /** The signing user's phone, masked (138****0000). */
  phone: string;
  at: string;
  ip: string;
  /** SHA-256 of the document signed. */
  sha256: string;
}

/** Who besides the owner sees a record (DESIGN §7). */
export interface Visibility {
  /** Platform operations users (the `ops` permission) read every record and run the actions `by: ["ops"]` (confirm a deposit). */
  ops?: boolean;
  /** In these states, every other approved account holding the query grant sees it (the market). */
  market?: {
    states: string[];
    /** A record with this party role filled (an offer named to one counterparty) stays off the market. */
    unlessParty?: string;
  };
}

/** Whose records these are: the caller's account, or the platform's (ops manage, all read). */
export type Ownership = 'account' | 'platform';

/** Labels of one language. Keys: title, fields.<f>, enums.<f>.<v>, states.<s>, actions.<a>.label|confirm, sections.<s>, help.<f>. */
export interface ResourceLabels {
  /** The name of the list (and of the resource). */
  title: string;
  /** The name of one record (a contract's is "Contract"): headings of one record, create/edit titles, the empty list; `title` when absent. */
  record?: string;
  fields: Record<string, string>;
  enums?: Record<string, Record<string, string>>;
  states?: Record<string, string>;
  actions?: Record<string, { label: string; confirm?: string; done?: string }>;
  sections?: Record<string, string>;
  help?: Record<string, string>;
  /** Names of the built-in views (list.views). */
  views?: Record<string, string>;
}

export interface ResourceMenu {
  /** Key of the schemas/menu.json group it appears under. */
  parent: string;
  path: string;
  icon: string;
  hidden?: boolean;
}

export interface SystemMove {
  name: string;
  from: string[];
  to: string[];
  description?: string;
}

export interface ResourceDefinition {
  name: string;
  permissionId: string;
  ownership: Ownership;
  record: {
    type: 'object';
    properties: Record<string, FieldSchema>;
    required?: string[];
    additionalProperties?: false;
  };
  list: ListDeclaration;
  show: { sections: ShowSection[] };
  form: FormDeclaration;
  states?: StateMachine;
  /**
   * A record in one of `from` whose date `field` is past (China time) moves to `to` by itself:
   * checked by the server before every request on the resource, so no timer is needed and a
   * stopped server never leaves a stale record actionable.
   */
  expiry?: { field: string; from: string[]; to: string };
  /**
   * Moves the system makes on its own (a job such as the automatic release, or another record's
   * action such as a payment request paying its bill), offered to no one: the engine refuses a
   * system move from or into a state not listed (src/server/resources/moves.ts).
   */
  systemMoves?: SystemMove[];
  /** A server function a domain contributes, deriving fields (amounts in fen) from the data on create and edit. */
  compute?: string;
  /**
   * A server query (contributed by a domain) the records are read from instead of being stored (the ledger's
   * flows of an account, src/server/resources/sources.ts): the resource is read-only (list,
   * show, export), with no form, create, edit, delete or actions.
   */
  source?: string;
  /** A renderer (contributed by a domain) of the record's document, served with its SHA-256 (contracts). */
  document?: string;
  /**
   * A server function a domain contributes, run when a user creates a record (POST), in its transaction:
   * it may refuse, patch fields and name the record's parties (a contract sent to a counterparty).
   * Without it, a resource with parties is made only by actions.
   */
  createHandler?: string;
  /**
   * A service the caller's account must have opened to create records or run actions on them
   * (`mutual`: the mutual-promise service, POST /system/users/openMutual). Reading is not gated.
   */
  requiresService?: 'mutual';
  /** Party roles (e.g. buyer, seller): each party's account sees the record and runs the actions `by` its role. */
  parties?: string[];
  /**
   * Party roles an action fills after creation (the acceptor of an offer): once filled, that
   * account sees the record like any party. Not required when the record is made.
   */
  laterParties?: string[];
  visibility?: Visibility;
  actions?: ActionDeclaration[];
  labels: Record<Language, ResourceLabels>;
  menu?: ResourceMenu;
}

/** The wire shape of one record: declared fields plus the system fields. */
export type ResourceRecord = Record<string, unknown> & {
  id: string;
  /** The owning account (null for platform records): what the per-record ability checks. */
  accountId: string | null;
  /** Party role -> account, for resources that declare parties. */
  parties?: Record<string, string>;
  state: string | null;
  version: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
};

/** A standalone form file (schemas/forms/<name>.json), e.g. enterprise authentication. */
export interface FormDefinition {
  name: string;
  record: ResourceDefinition['record'];
  form: FormDeclaration;
  show: { sections: ShowSection[] };
  labels: Record<Language, ResourceLabels>;
  /** Checked on submit but not stored (an SMS code). */
  transient?: string[];
}
