// What the domain pages put in the generic resource pages' slots (src/web/resources/slots.tsx),
// all in this one object, provided by the console's <Refine> root (src/web/refine/RefineRoot.tsx).
// Components are lazy: each loads with the first page that shows it, not with the console.
import { lazy } from 'react';
import type { SlotProps, SlotRegistry } from '../resources/slots';

const RecordReceipts = lazy(() => import('./receipts/RecordReceipts'));
const SigningDocument = lazy(() => import('./contracts/SigningDocument'));
const ContractProgress = lazy(() => import('./contracts/ContractProgress'));

/** The receipts of the money a record moved; keyed by its version, so a money action adds its receipt. */
function Receipts({ definition, record }: SlotProps['recordFooter']) {
  return <RecordReceipts resource={definition.name} id={record.id} version={record.version} />;
}

/** What a party signs: the document and its SHA-256, above the SMS code. */
function Signing({ definition, recordId }: SlotProps['actionPreface']) {
  return <SigningDocument resource={definition.name} id={recordId} />;
}

export const SLOTS: SlotRegistry = {
  recordHeader: {
    // The contracts: their lifecycle steps and the caller's next action (issue 17).
    contractProgress: { when: ({ definition }) => definition.name === 'contracts', component: ContractProgress },
  },
  recordFooter: {
    // A resource whose file declares money actions.
    receipts: { when: ({ definition }) => Boolean(definition.actions?.some((action) => action.money)), component: Receipts },
  },
  actionPreface: {
    // An action whose file declares it a signature.
    signingDocument: { when: ({ action }) => Boolean(action.signature), component: Signing },
  },
};
