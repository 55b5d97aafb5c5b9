import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { ActionDeclaration, ResourceDefinition, ResourceRecord } from '../../shared/resources/types';

// The open record's declared actions, for the command palette (src/web/palette): a record
// page's buttons (RecordActions) publish what clicking each one does, under the location of the
// page that shows them (a tab keeps its own location while hidden), and the palette offers those
// of the page on screen. Which of them the caller may take now is the access control's answer,
// asked by the palette as the buttons ask it (CanAccess with the record).

export interface RecordCommands {
  definition: ResourceDefinition;
  record: ResourceRecord;
  /** Does what clicking the action's button does (a confirmation, its input, or the action at once). */
  start(action: ActionDeclaration): void;
}

const published = new Map<string, RecordCommands>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** A page's location as the palette compares it: path and query. */
export const locationKey = ({ pathname, search }: { pathname: string; search: string }) => `${pathname}${search}`;

/** Publishes the record page's actions while it is mounted (RecordActions); `start` may change every render. */
export function usePublishRecordCommands(definition: ResourceDefinition, record: ResourceRecord, start: RecordCommands['start']): void {
  const key = locationKey(useLocation());
  const latest = useRef(start);
  useEffect(() => {
    latest.current = start;
  });
  useEffect(() => {
    published.set(key, { definition, record, start: (action) => latest.current(action) });
    changed();
    return () => {
      published.delete(key);
      changed();
    };
  }, [key, definition, record]);
}

/** The actions of the record page at `location` (the one on screen), if one is open there. */
export function useRecordCommands(location: string): RecordCommands | undefined {
  return useSyncExternalStore(subscribe, () => published.get(location));
}
