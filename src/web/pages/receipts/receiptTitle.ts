// What a receipt is called. Its template's route names it (the bill settlement receipt for Solution), but a
// payment request paid under a contract alone (transfer kind requestPayment, src/shared/receipts.ts)
// prints on the Solution template too, and no bill was confirmed for it: it is a payment request's receipt.

/** The i18n key of the title of a receipt of `template` printing a transfer of `kind` (when known). */
export const receiptTitleKey = (template: string, kind?: string): string => (kind === 'requestPayment' ? 'receipts:titles.requestPayment' : `menu:routes.${template}`);
