// What a domain (src/server/domains/<name>/index.ts) contributes to the server, as one plain
// object: app.ts registers each domain's routes under /api and starts its jobs, and the engine
// (src/server/resources) finds handlers, derived fields, list sources, totals tables, documents
// and event listeners by the names the domains give them, compiled once at start into the
// registry (resources/registry.ts loadResources) that the context hands to every route and job.
// Nothing registers itself on import and no process-wide table holds them: what a domain adds is
// what its object says.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import type { ComputeFn } from './resources/compute';
import type { DocumentRenderer } from './resources/documents';
import type { Consumer } from './consumers/consumer';
import type { NewsDeclaration } from './consumers/news';
import type { ListenerDeclaration, RecordListener } from './resources/events';
import type { ActionHandler, CreateHandler } from './resources/handlers';
import type { CompiledForm, ResourceRegistry } from './resources/registry';
import type { LedgerInvariants } from './ledger/invariants';
import type { SourceContribution } from './resources/sources';
import type { TableFields } from './resources/tableFields';
import type { TotalsTable } from './resources/tableTotals';

/** What a domain's routes and jobs receive: the app's context and the loaded resource and form files. */
export interface DomainContext extends AppContext {
  resources: ResourceRegistry;
  forms: Map<string, CompiledForm>;
  /** Every domain's tasks by name (POST /api/dev/tasks/:name runs one now, outside production). */
  tasks: ReadonlyMap<string, Task>;
  /** The ledger's invariants, the core's and every domain's (ledger/invariants.ts ledgerInvariants): what the ledger check runs. */
  ledgerInvariants: LedgerInvariants;
  /** The consumer writing the messages and todos of record moves (consumers/news.ts): a reader of them catches it up first. */
  news: Consumer;
  /** The consumer turning events into webhook deliveries (consumers/webhooks.ts): the webhooks domain drains it before it sends. */
  webhooks: Consumer;
}

/**
 * The work a job does, as of `now`; answers what it did (a count, whether it ran). A job's timer
 * calls it; so may any number of nodes at the same moment, so a task must do its work once
 * however many run it at once (row locks, unique rows), never by trusting one process.
 */
export type Task = (ctx: DomainContext, now: Date) => Promise<unknown>;

/** A Fastify plugin registered under /api with the domain context as its options. */
export type DomainRoutes = (app: FastifyInstance, ctx: DomainContext) => Promise<void>;

export interface Domain {
  /** The folder's name, used in error messages. */
  name: string;
  /** Route plugins, registered under /api in this order. */
  routes?: readonly DomainRoutes[];
  /** Action handlers by the name resource files give them (actions[].handler). */
  handlers?: Readonly<Record<string, ActionHandler>>;
  /** Create handlers by name (a resource's createHandler). */
  createHandlers?: Readonly<Record<string, CreateHandler>>;
  /** Derived fields by name (a resource's compute). */
  compute?: Readonly<Record<string, ComputeFn>>;
  /** List sources by name (a resource's source). */
  sources?: Readonly<Record<string, SourceContribution>>;
  /** Document renderers by name (a resource's document). */
  documents?: Readonly<Record<string, DocumentRenderer>>;
  /** By resource name: a table of its own whose columns answer the list's totals (resources/tableTotals.ts). */
  totals?: Readonly<Record<string, TotalsTable>>;
  /** Ledger invariants of what this domain keeps on top of the ledger, by a name no other gives; the ledger check runs them with the core's. */
  invariants?: LedgerInvariants;
  /** By resource name: fields of its records a table of its own holds, read from there and never stored in the data (resources/tableFields.ts). */
  tableFields?: Readonly<Record<string, TableFields>>;
  /**
   * What follows a record's event, by resource name; runs in the move's transaction. A bare
   * listener runs in the domain list's order; `{ listen, after: ['funds'] }` runs after the named
   * domains' listeners on that resource, whatever the list's order.
   */
  listeners?: Readonly<Record<string, RecordListener | ListenerDeclaration>>;
  /**
   * The messages and todos a record's moves make, by resource name: written after the move's
   * transaction, by the news consumer of the event stream (consumers/news.ts), exactly once.
   */
  news?: Readonly<Record<string, NewsDeclaration>>;
  /** Called once the routes are registered, with the app (warm-ups, onClose hooks); no timers: jobs are the scheduler's. */
  init?: (app: FastifyInstance, ctx: DomainContext) => void;
  /** Tasks of this domain the one scheduler (src/server/scheduler.ts) runs every `every` ms, once per period across nodes. */
  jobs?: readonly { task: string; every: number }[];
  /** What the jobs run, by name ("<domain>.<job>"), so it can be run now (tests, operations). */
  tasks?: Readonly<Record<string, Task>>;
}

/** Every name the domains contribute, by kind: what the engine looks up. */
export interface Contributions {
  handlers: ReadonlyMap<string, ActionHandler>;
  createHandlers: ReadonlyMap<string, CreateHandler>;
  compute: ReadonlyMap<string, ComputeFn>;
  sources: ReadonlyMap<string, SourceContribution>;
  documents: ReadonlyMap<string, DocumentRenderer>;
  totals: ReadonlyMap<string, TotalsTable>;
  tableFields: ReadonlyMap<string, TableFields>;
  /** Resource -> each domain's listener with the order it declares (compiled by registry.ts). */
  listeners: ReadonlyMap<string, readonly { domain: string; decl: ListenerDeclaration }[]>;
}

type NamedKind = 'handlers' | 'createHandlers' | 'compute' | 'sources' | 'documents' | 'totals' | 'tableFields';
const NAMED: readonly NamedKind[] = ['handlers', 'createHandlers', 'compute', 'sources', 'documents', 'totals', 'tableFields'];

/** The names of a list of domains; a name given twice (by one or two domains) is an error. */
export function contributionsOf(domains: readonly Domain[]): Contributions {
  const owner = new Map<string, string>();
  const named = Object.fromEntries(NAMED.map((kind) => [kind, new Map<string, unknown>()])) as Record<NamedKind, Map<string, unknown>>;
  const listeners = new Map<string, { domain: string; decl: ListenerDeclaration }[]>();
  for (const domain of domains) {
    for (const kind of NAMED) {
      for (const [name, value] of Object.entries(domain[kind] ?? {})) {
        // Handlers and create handlers share one namespace: a resource file's name must say one thing.
        const key = kind === 'createHandlers' ? `handlers:${name}` : `${kind}:${name}`;
        const first = owner.get(key);
        if (first) throw new Error(`${kind} '${name}' is contributed by domain '${first}' and by domain '${domain.name}'`);
        owner.set(key, domain.name);
        named[kind].set(name, value);
      }
    }
    for (const [resource, listener] of Object.entries(domain.listeners ?? {})) {
      const decl = typeof listener === 'function' ? { listen: listener } : listener;
      listeners.set(resource, [...(listeners.get(resource) ?? []), { domain: domain.name, decl }]);
    }
  }
  return { ...(named as unknown as Omit<Contributions, 'listeners'>), listeners };
}
