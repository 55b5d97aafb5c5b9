// The "news" consumer: the messages and todos written because a record moved. Each domain says,
// per resource, which moves are news to it and writes them (Domain.news: trading's offers and
// contracts, funds' money steps, settlement's bills, ...); this module compiles those into one
// consumer of the event stream (consumer.ts), which hands each wanted event, with its record,
// to the writers of its resource in the domain list's order. A move's transaction no longer
// writes its news: the drain after it does, exactly once (the drain and its position commit
// together), on whichever node drains first.
import type { ResourceDefinition } from '../../shared/resources/types';
import type { Db } from '../db/client';
import type { RecordRow } from '../resources/records';
import type { ResourceRegistry } from '../resources/registry';
import { recordsOf, type Consumer } from './consumer';

export const NEWS = 'news';

/** One move, as a news writer reads it. */
export interface NewsEvent {
  /** The drain's transaction: the writer's messages and todos commit with the consumer's position. */
  tx: Db;
  def: ResourceDefinition;
  /** `create`, the action's name, or a system move's (`autoRelease`). */
  action: string;
  /** The record's state before the move (null on create) and after it. */
  from: string | null;
  to: string | null;
  /** The action's input as its event keeps it ({} on create). */
  input: Record<string, unknown>;
  /**
   * The record as it stands when the news is written (its parties, its data). That is the move's
   * own result when the request that made the move drains (the usual case); if another move of
   * the same record came in between, its figures (an open amount) are the later ones: a writer
   * decides by `from`, `to` and `input`, never by the record's current state.
   */
  record: RecordRow;
  /** The acting account ('' when a job moved the record). */
  accountId: string;
  /** When the move was made: the time its messages and todos carry. */
  at: Date;
}

export type NewsWriter = (event: NewsEvent) => Promise<void>;

/** A domain's news of one resource: the moves it writes news for, and how. */
export interface NewsDeclaration {
  on: readonly string[];
  write: NewsWriter;
}

/** Every domain's news of each resource, in the domain list's order. */
export function newsConsumer(declared: readonly { domain: string; news?: Readonly<Record<string, NewsDeclaration>> }[], resources: ResourceRegistry): Consumer {
  const writers = new Map<string, { on: Set<string>; write: NewsWriter }[]>();
  const wants: Record<string, string[]> = {};
  for (const d of declared) {
    for (const [resource, decl] of Object.entries(d.news ?? {})) {
      if (!resources.has(resource)) throw new Error(`domain ${d.domain}: news of '${resource}', which no resource file declares`);
      writers.set(resource, [...(writers.get(resource) ?? []), { on: new Set(decl.on), write: decl.write }]);
      wants[resource] = [...new Set([...(wants[resource] ?? []), ...decl.on])];
    }
  }
  return {
    name: NEWS,
    wants,
    async handle(tx, events) {
      const records = await recordsOf(tx, events);
      for (const e of events) {
        const record = records.get(e.recordId);
        const r = resources.get(e.resource);
        // A record gone (a draft deleted takes its events with it) has no news.
        if (!record || !r) continue;
        const event: NewsEvent = { tx, def: r.def, action: e.action, from: e.from, to: e.to, input: e.input, record, accountId: e.actorAccountId ?? '', at: new Date(e.at) };
        for (const w of writers.get(e.resource) ?? []) if (w.on.has(e.action)) await w.write(event);
      }
    },
  };
}

