import { createContext, Fragment, useContext, type ComponentType, type ReactNode } from 'react';
import type { ActionDeclaration, ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import type { ResourceText } from './labels';

// Slots: the places where the generic resource pages show what a domain adds (a contract's
// document in its signing dialog, the receipts of a record that moved money). The engine names
// the places and their props; the domain pages fill them in one plain object (SLOTS, in
// src/web/pages/slots.tsx) that the console's <Refine> root provides, so the engine imports no domain page (tests/unit/web-layers.test.ts).

/** The props each component slot hands to what fills it. */
export interface SlotProps {
  /** On a record's show page, above its sections (a contract's lifecycle steps and the caller's next action). */
  recordHeader: { definition: ResourceDefinition; record: ResourceRecord; text: ResourceText };
  /** On a record's show page, below its sections and above its history. */
  recordFooter: { definition: ResourceDefinition; record: ResourceRecord };
  /** In the dialog of an action on a record (its input form or its confirmation), above the form or question. */
  /** `input`: what the user has typed in the step's form so far. */
  actionPreface: { definition: ResourceDefinition; action: ActionDeclaration; recordId: string; record: ResourceRecord; input?: Record<string, unknown> };
  /** On a list page, between its filters and its table (a report's chart); `scope` is the route's fixed scope (ops). */
  listHeader: { definition: ResourceDefinition; scope?: string };
  /** On a create or edit page, above the form (where the money of a deposit goes). */
  formPreface: FormSlotProps;
  /** On a create or edit page, below the fields (what the server will compute from them). */
  formSummary: FormSlotProps;
  /** In a list's header, beside export: a step on the whole list, not on one record (ops start a clearing run). */
  listButtons: { definition: ResourceDefinition };
  /**
   * Above a list whose rows may be chosen together (what is done with several at once: the
   * payer's bills paid in one payment). A fill that applies turns on the table's row selection.
   */
  listSelection: ListSelectionProps;
}

/** What a list selection slot sees: the list's resource and route, and the rows chosen (on any page). */
export interface ListSelectionProps {
  definition: ResourceDefinition;
  /** The route's fixed scope and states (menu.json render.scope, render.states). */
  scope?: string;
  states?: string[];
  selected: ResourceRecord[];
  /** Unchoose every row (after the rows were acted on). */
  clear(): void;
}

/** What a form slot sees: the resource and the form's data as the user types it. */
export interface FormSlotProps {
  definition: ResourceDefinition;
  data: Record<string, unknown>;
  editing: boolean;
}

export type SlotName = keyof SlotProps;

/** One content of a slot: its component, and the resources/actions it shows for. */
export interface SlotFill<P> {
  /** Whether it shows for these props (the resource, the action); always when absent. */
  when?(props: P): boolean;
  /** Lazy components keep the domain's code out of the generic pages' chunk. */
  component: ComponentType<P>;
}

/** Each component slot's contents, by a name that says what they are. */
export type ComponentSlots = { [N in SlotName]: Record<string, SlotFill<SlotProps[N]>> };

/** What the domain pages put in the slots. */
export type SlotRegistry = ComponentSlots;

const SlotContext = createContext<SlotRegistry | null>(null);

/** Provides the slot contents to the generic pages below it (the console's composition root). */
export function SlotProvider({ registry, children }: { registry: SlotRegistry; children: ReactNode }) {
  return <SlotContext.Provider value={registry}>{children}</SlotContext.Provider>;
}

export function useSlotRegistry(): SlotRegistry {
  const registry = useContext(SlotContext);
  // A generic page rendered without the registry would silently drop domain content.
  if (!registry) throw new Error('No slot registry: render the resource pages inside <SlotProvider registry={SLOTS}>');
  return registry;
}

/** Whether any content registered for a slot applies to these props (a list turns on row selection for it). */
export function useSlotApplies<N extends SlotName>(name: N, props: SlotProps[N]): boolean {
  const fills: Record<string, SlotFill<SlotProps[N]>> = (useSlotRegistry() as ComponentSlots)[name];
  return Object.values(fills).some((fill) => !fill.when || fill.when(props));
}

/**
 * Renders the contents registered for a slot that apply to these props, in registration order.
 * Lazy contents suspend: the caller places the Suspense boundary (and its fallback) around it.
 */
export function Slot<N extends SlotName>({ name, props }: { name: N; props: SlotProps[N] }) {
  const slots: ComponentSlots = useSlotRegistry();
  const fills: Record<string, SlotFill<SlotProps[N]>> = slots[name];
  return (
    <>
      {Object.entries(fills)
        .filter(([, fill]) => !fill.when || fill.when(props))
        .map(([key, { component: Component }]) => (
          <Fragment key={key}>
            <Component {...props} />
          </Fragment>
        ))}
    </>
  );
}
