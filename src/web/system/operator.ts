import { useInvalidate, useList } from '@refinedev/core';
import { useMemo } from 'react';
import type { OperatorEventView, OperatorView, SubAccountOverview } from '../../shared/operators';
import { useSystemCacheUpdate } from '../refine/systemCacheUpdate';
import { SYSTEM, useSystemCache, useSystemCall, useSystemQuery } from '../refine/systemData';

// SPEC §7 Users, the sub-account family (see docs/decisions.md, Operators), through refine's
// `system` provider: the overview a custom read, the log its SYSTEM_LISTS `operatorLog`. The
// operator's own bind (signed out) is providers/publicOperatorApi.ts.

const OVERVIEW_PATH = '/system/users/querySubAccount';

export const useOverview = () => useSystemQuery<SubAccountOverview>(OVERVIEW_PATH);

/** One page of the account's operator events, newest first. */
export const useOperatorLog = (page: number, pageSize: number) =>
  useList<OperatorEventView>({ resource: 'operatorLog', dataProviderName: SYSTEM, pagination: { currentPage: page, pageSize, mode: 'server' } });

export interface OperatorInput {
  name: string;
  phone: string;
  operatorType: string;
}

export type OperatorCommand = 'enableSubAccount' | 'disableSubAccount' | 'unbindSubAccount' | 'deleteSubAccount' | 'sendBindCode';

/**
 * The owner's changes. Every change is an event of the log (read again); an add or an edit
 * answers the operator as it now is, written into the cached overview, while a command answers
 * nothing about it and the overview is read again.
 */
export function useOperatorCalls() {
  const call = useSystemCall();
  const cache = useSystemCache();
  const update = useSystemCacheUpdate();
  const invalidate = useInvalidate();
  return useMemo(() => {
    const refreshLog = () => invalidate({ resource: 'operatorLog', dataProviderName: SYSTEM, invalidates: ['list'] });
    const written = (saved: OperatorView) => (overview: SubAccountOverview): SubAccountOverview => {
      const known = overview.records.some((op) => op.id === saved.id);
      return known
        ? { ...overview, records: overview.records.map((op) => (op.id === saved.id ? saved : op)) }
        : // Listed by creation time: the newest operator comes last.
          { ...overview, records: [...overview.records, saved], total: overview.total + 1 };
    };
    const save = async (body: Partial<OperatorInput> & { id?: string }) => {
      const saved = await call<OperatorView>('post', '/system/users/subAccount', { payload: body, silent: true });
      update(OVERVIEW_PATH, written(saved));
      void refreshLog();
      return saved;
    };
    return {
      addOperator: (input: OperatorInput) => save(input),
      editOperator: (id: string, input: Omit<OperatorInput, 'phone'>) => save({ id, ...input }),
      runCommand: async (command: OperatorCommand, id: string) => {
        await call<unknown>('post', `/system/users/${command}`, { payload: { id } });
        void cache.refresh(OVERVIEW_PATH);
        void refreshLog();
      },
    };
  }, [call, cache, update, invalidate]);
}
