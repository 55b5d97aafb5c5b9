import { useDataProvider, type CrudFilter } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { Language } from '../../shared/constants';
import { listScopes } from '../../shared/resources/recordAbility';
import { SEARCH_PARAM, searchMatches } from '../../shared/resources/search';
import type { ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import { currentViewer, referencePath, referenceTitle } from '../refine/reference';
import { useResourceDefinitions } from '../resources/definitions';
import { resourceText } from '../resources/labels';
import type { RecordCommand } from './commands';

// The records a search finds across the resources the caller may read: each list asked by the
// generated list API's search (GET /api/r/<resource>?q=, src/shared/resources/search.ts), a
// few hits of each, once the user has stopped typing; a search typed over is cancelled.

/** Hits shown per resource: the palette finds, the list pages browse. */
export const HITS_PER_RESOURCE = 3;
/** Quiet time after the last key before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Fewer characters find too much to be worth asking. */
export const MIN_SEARCH_LENGTH = 2;
/** Digits of a record's id the palette shows as its number. */
const NUMBER_DIGITS = 8;

export interface RecordHits {
  hits: RecordCommand[];
  /** The search is waiting for the user to stop typing, or for the server. */
  searching: boolean;
  /** The resources whose search failed (the others' hits still show). */
  failed: string[];
  /** What the hits are for: the search asked, or '' when none is. */
  searched: string;
}

/** `value`, once it has stayed the same for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Platform operations search every record of a resource they oversee (its ops scope); others their own. */
const scopeFilter = (definition: ResourceDefinition, ops: boolean): CrudFilter[] =>
  ops && listScopes(definition).includes('ops') ? [{ field: 'scope', operator: 'eq', value: 'ops' }] : [];

export function useRecordHits(text: string, language: Language): RecordHits {
  const typed = text.trim();
  const settled = useSettled(typed, SEARCH_DEBOUNCE_MS);
  const search = settled.length >= MIN_SEARCH_LENGTH ? settled : '';
  const definitions = useResourceDefinitions().data;
  const provider = useDataProvider()();
  const viewer = currentViewer();
  // The lists the search can match (by number, or by words where the list has text filters) that have a page to open a record on.
  const targets = useMemo(
    () => (search ? (definitions ?? []).filter((definition) => searchMatches(definition, search) && referencePath(definition.name, search) !== undefined) : []),
    [definitions, search],
  );

  const query = useQuery({
    queryKey: ['palette', 'records', search, targets.map((d) => d.name), viewer.accountId ?? null, viewer.ops ?? null],
    enabled: targets.length > 0,
    retry: false,
    staleTime: 30_000,
    queryFn: async (context) => {
      const answers = await Promise.all(
        targets.map(async (definition) => {
          try {
            const page = await provider.getList<ResourceRecord>({
              resource: definition.name,
              pagination: { currentPage: 1, pageSize: HITS_PER_RESOURCE, mode: 'server' },
              filters: [{ field: SEARCH_PARAM, operator: 'eq', value: search }, ...scopeFilter(definition, viewer.ops === true)],
              // refine's query context carries react-query's signal: a search typed over is cancelled.
              meta: { silent: true, queryContext: context },
            });
            return { definition, records: page.data, failed: false };
          } catch (error) {
            if (context.signal.aborted) throw error;
            return { definition, records: [], failed: true };
          }
        }),
      );
      return answers;
    },
  });

  const hits = useMemo(
    () =>
      (query.data ?? []).flatMap(({ definition, records }) =>
        records.flatMap((record): RecordCommand[] => {
          const path = referencePath(definition.name, record.id, record);
          const resourceTitle = resourceText(definition, language, () => undefined).title;
          return path ? [{ kind: 'record', id: `record:${definition.name}:${record.id}`, title: referenceTitle(definition.name, record), resourceTitle, number: record.id.slice(0, NUMBER_DIGITS), path }] : [];
        }),
      ),
    [query.data, language],
  );

  return {
    hits: search ? hits : [],
    searching: typed !== settled ? typed.length >= MIN_SEARCH_LENGTH : query.isFetching,
    failed: search ? (query.data ?? []).filter((answer) => answer.failed).map((answer) => answer.definition.name) : [],
    searched: search,
  };
}
