// A list's search (`q`, json-server's name for it): finds a record by its number or by its words.
// A record's number is its id, as receipts print it (the bill number of receipts.json's referenceBill): the
// whole id, or its first MIN_ID_PREFIX or more hex digits, dashes optional. Its words are the
// fields its resource file declares as text filters (bills: payer, payee, contract title). The
// server turns a search into SQL (src/server/resources/query.ts); the console's command palette
// asks only the lists a search can match (searchMatches).
import type { ResourceDefinition } from './types';

/** The query parameter of a list's search. */
export const SEARCH_PARAM = 'q';
/** A longer search is refused (as a text filter's value is). */
export const SEARCH_MAX_LENGTH = 100;
/** The fewest hex digits of an id that find a record by its number (fewer read as words only). */
export const MIN_ID_PREFIX = 6;

const HEX = /^[0-9a-f]+$/;
const ID_DIGITS = 32;

/** 32 hex digits as a UUID's text (8-4-4-4-12). */
const asUuid = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * The ids a search names when it reads as a record number: the lowest and highest id starting
 * with its hex digits (one id when all 32 are given); null when it is not a number.
 */
export function idRangeOf(search: string): [string, string] | null {
  const hex = search.trim().toLowerCase().replace(/-/g, '');
  if (hex.length < MIN_ID_PREFIX || hex.length > ID_DIGITS || !HEX.test(hex)) return null;
  return [asUuid(hex.padEnd(ID_DIGITS, '0')), asUuid(hex.padEnd(ID_DIGITS, 'f'))];
}

/** The fields a search matches as words: the list's declared text filters. */
export const searchFieldsOf = (definition: Pick<ResourceDefinition, 'list'>): string[] => definition.list.filters.filter((f) => f.kind === 'text').map((f) => f.field);

/** Whether a search can match a record of `definition` at all: it reads as a number, or the list has words to match. */
export const searchMatches = (definition: Pick<ResourceDefinition, 'list'>, search: string): boolean => idRangeOf(search) !== null || searchFieldsOf(definition).length > 0;
