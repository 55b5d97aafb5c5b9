import type { MenuItem } from '../../shared/menu';

// What the command palette offers, as one list the keyboard moves through: the open record's
// actions, the pages of the menu, and the records the server found.

export interface PageCommand {
  kind: 'page';
  id: string;
  title: string;
  /** The titles of the menu groups the page sits in, outermost first. */
  trail: string[];
  path: string;
}

export interface RecordCommand {
  kind: 'record';
  id: string;
  title: string;
  /** The resource's title (bills), shown with the hit. */
  resourceTitle: string;
  /** The record's number as the palette shows it: the first digits of its id. */
  number: string;
  path: string;
}

export interface ActionCommand {
  kind: 'action';
  id: string;
  title: string;
  run(): void;
}

export type Command = PageCommand | RecordCommand | ActionCommand;

/** Every page of the navigation tree (its leaves with a path), each with the titles of its groups. */
export function pagesOf(tree: readonly MenuItem[], title: (titleKey: string) => string, trail: string[] = []): PageCommand[] {
  return tree.flatMap((item): PageCommand[] => {
    if (item.children) return pagesOf(item.children, title, [...trail, title(item.titleKey)]);
    return item.path ? [{ kind: 'page', id: `page:${item.path}`, title: title(item.titleKey), trail, path: item.path }] : [];
  });
}

const wordsOf = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * Whether every word typed is in the command's title (or, for a page, its groups' titles):
 * "funds deposit" finds the deposits page in the funds group. Nothing typed matches everything.
 */
export function matches(command: Pick<PageCommand, 'title'> & { trail?: string[] }, text: string): boolean {
  const haystack = [command.title, ...(command.trail ?? [])].join(' ').toLowerCase();
  return wordsOf(text).every((word) => haystack.includes(word));
}

/** The pages matching `text`, those whose own title matches first, at most `limit`. */
export function matchPages(pages: readonly PageCommand[], text: string, limit: number): PageCommand[] {
  const found = pages.filter((page) => matches(page, text));
  const own = found.filter((page) => matches({ title: page.title }, text));
  return [...own, ...found.filter((page) => !own.includes(page))].slice(0, limit);
}
