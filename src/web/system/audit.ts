// The audit trail (DESIGN §10; the list itself is the `system` provider's `audit`).

/** Where the trail's CSV/XLSX comes from (GET, the list's filters and `format`). */
export const AUDIT_EXPORT_PATH = '/audit/export';
