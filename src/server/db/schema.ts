// The tables of the foundation: accounts and their users, sessions, and the counters
// (SMS codes, captchas, verifications) that must survive restarts and be shared between
// server nodes (DESIGN §2 "Stateless API nodes").
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A transaction id (PostgreSQL xid8), read as its decimal text: the event stream's position (resources/eventStream.ts). */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/** An account (zhuti): an enterprise or a person (or the platform itself, for ops users). */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  type: text('type', { enum: ['personal', 'enterprise', 'platform'] }).notNull(),
  name: text('name').notNull(),
  authStatus: text('auth_status', { enum: ['unverified', 'submitted', 'approved', 'rejected'] })
    .notNull()
    .default('unverified'),
  status: text('status', { enum: ['active', 'closed'] }).notNull().default('active'),
  /** When the owner opened the mutual-promise service (POST /system/users/openMutual). */
  mutualOpenedAt: ts('mutual_opened_at'),
  /**
   * When the owner allowed clearing runs to pass bills on along chains through this account
   * (PUT /api/settlement/chain-consent; null: not allowed, only cycles are cleared).
   */
  mutualChainsAt: ts('mutual_chains_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Login id. Null once the user is deleted, so the number can register again. */
    phone: text('phone'),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** owner | ops | an operator type of schemas/permissions.json */
    role: text('role').notNull(),
    isOwner: boolean('is_owner').notNull().default(false),
    /** False for an operator added but not yet bound by SMS code (or unbound): cannot sign in. */
    bound: boolean('bound').notNull().default(true),
    status: text('status', { enum: ['active', 'disabled', 'deleted'] }).notNull().default('active'),
    /** Password failures in a row; reset on success and when a lock starts. */
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: ts('locked_until'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('users_phone_key').on(t.phone).where(sql`${t.phone} is not null`), index('users_account_idx').on(t.accountId)],
);

/** Bearer tokens, stored as SHA-256 so a database leak reveals no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One row per SMS code sent; also the ledger the send limits count. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    scene: text('scene').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    consumedAt: ts('consumed_at'),
    /**
     * Which per-phone daily cap the code counts against: `daily` (sign-in, registration, reset and
     * every code to a phone that is not the sender's own: 10 a day), `confirm` (a signed-in user's
     * confirmation to their own phone: SMS_CONFIRM_DAILY_LIMIT) or `none` (the demo seeder's).
     */
    quota: text('quota', { enum: ['daily', 'confirm', 'none'] }).notNull().default('daily'),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt)],
);

/**
 * How a user confirms money steps besides SMS (src/server/confirm/): the payment password's scrypt
 * hash, the authenticator's secret, and each one's wrong tries and lock, counted here so every
 * node shares them (as users.failed_logins counts sign-in failures).
 */
export const moneyConfirmations = pgTable('money_confirmations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  passwordHash: text('password_hash'),
  passwordFailures: integer('password_failures').notNull().default(0),
  passwordLockedUntil: ts('password_locked_until'),
  /** The bound authenticator's secret (base32): read to check its codes. */
  totpSecret: text('totp_secret'),
  /** The time step of the last code accepted: a code is accepted once (a step at or before it is a replay). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  totpFailures: integer('totp_failures').notNull().default(0),
  totpLockedUntil: ts('totp_locked_until'),
  /** A secret offered for binding (shown as a QR code) until a current code of it binds it. */
  totpPending: text('totp_pending'),
  totpPendingAt: ts('totp_pending_at'),
  /** sms | password | totp: the method of the last step confirmed (the console's default). */
  lastMethod: text('last_method'),
  updatedAt: ts('updated_at').notNull(),
});

/** What the `console` SMS provider "delivered": read by developers through /api/dev/outbox. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    scene: text('scene').notNull(),
    code: text('code').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.sentAt)],
);

export const captchas = pgTable(
  'captchas',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    answer: text('answer').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/** A fresh SMS verification of the signed-in user, required by sensitive operations. */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('verifications_user_idx').on(t.userId)],
);

/** Ops announcements (SPEC §7 Notices), published for one or more platforms. HTML is sanitized on write. */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Notice platform codes of the variants it is shown in (variants/*.json noticePlatform). */
    platforms: text('platforms').array().notNull(),
    status: text('status', { enum: ['published', 'withdrawn'] }).notNull().default('published'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    publishedAt: ts('published_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('notices_published_idx').on(t.publishedAt)],
);

export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    readAt: ts('read_at').notNull(),
  },
  (t) => [uniqueIndex('notice_reads_key').on(t.noticeId, t.userId)],
);

/**
 * Messages to a user, produced by business events. Text is stored as a locale key with
 * parameters and rendered in the reader's language.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    link: text('link'),
    createdAt: ts('created_at').notNull(),
    readAt: ts('read_at'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('messages_user_idx').on(t.userId, t.createdAt)],
);

/** Work waiting for an account (or one of its users): sign, pay, authenticate, confirm... */
export const todos = pgTable(
  'todos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** '1' mutual-promise business, '0' the rest (SPEC §3 Todo). */
    businessType: text('business_type', { enum: ['0', '1'] }).notNull().default('0'),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    link: text('link'),
    /** Identifies the business object, so finishing it closes its todo. */
    ref: text('ref').notNull(),
    status: text('status', { enum: ['open', 'done'] }).notNull().default('open'),
    createdAt: ts('created_at').notNull(),
    doneAt: ts('done_at'),
  },
  (t) => [index('todos_account_idx').on(t.accountId, t.status), uniqueIndex('todos_open_ref_key').on(t.accountId, t.kind, t.ref).where(sql`${t.status} = 'open'`)],
);

/** Which platform agreement version a user accepted, and when. */
export const agreementConsents = pgTable(
  'agreement_consents',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    platform: text('platform').notNull(),
    version: text('version').notNull(),
    agreedAt: ts('agreed_at').notNull(),
  },
  (t) => [uniqueIndex('agreement_consents_key').on(t.userId, t.platform, t.version)],
);

/**
 * One row per record of resource_records, kept by triggers on that table (migration 0022): what
 * the foreign keys of record_parties, resource_events and bills point at. resource_records is
 * partitioned by resource, and a partitioned table's unique keys must carry the partition key, so
 * a key to a record by its id alone needs this table. Never written by the application.
 */
export const recordKeys = pgTable('record_keys', {
  id: uuid('id').primaryKey(),
  resource: text('resource').notNull(),
});

/**
 * Records of every declared resource (schemas/resources/*.json). The declared fields live in
 * `data` (validated against the resource's JSON Schema); ownership, state, optimistic
 * version and audit columns are real columns. Partitioned by resource (migration 0022): each
 * resource's records and indexes live in a partition of their own, made at start with the
 * expression indexes per declared filter and sort (src/server/resources/partitions.ts,
 * indexes.ts), so a write of a contract opens and locks the contracts' indexes only. A read by
 * id alone still works (the key leads with id) but looks in every partition: say the resource.
 */
export const resourceRecords = pgTable(
  'resource_records',
  {
    id: uuid('id').notNull().defaultRandom(),
    resource: text('resource').notNull(),
    /** Owning account; null for platform-owned resources. */
    accountId: uuid('account_id').references(() => accounts.id),
    state: text('state'),
    version: integer('version').notNull().default(1),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    updatedBy: uuid('updated_by')
      .notNull()
      .references(() => users.id),
    updatedAt: ts('updated_at').notNull(),
    /**
     * Party role -> account, a copy of the record's record_parties rows kept by a trigger on that
     * table (migration 0012), never written by the application: list scopes and their indexes
     * read it on the row itself (indexes.ts), where a party scope's filters and order can share
     * one index with the party.
     */
    parties: jsonb('parties').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.resource] }),
    index('resource_records_scope_idx').on(t.resource, t.accountId, t.createdAt),
    index('resource_records_state_idx').on(t.resource, t.accountId, t.state),
  ],
);

/** Every state transition of a resource record, with the action's input (e.g. a reason). */
export const resourceEvents = pgTable(
  'resource_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => recordKeys.id, { onDelete: 'cascade' }),
    /** The record's resource: the stream and the audit trail filter by it without the records. */
    resource: text('resource').notNull(),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    input: jsonb('input').$type<Record<string, unknown>>().notNull().default({}),
    /** The user who acted; null when the system did (a job: see `job`). */
    by: uuid('by').references(() => users.id),
    /** The acting user's account (null for the system): the account's audit trail. */
    actorAccountId: uuid('actor_account_id'),
    /** The job that moved the record when `by` is null (e.g. 'funds.autoRelease'). */
    job: text('job'),
    /** The API key the user's request came with (src/server/domains/apiKeys): the audit trail names it. */
    apiKeyId: uuid('api_key_id'),
    /** The record's version after the move (null on events written before migration 0023). */
    version: integer('version'),
    at: ts('at').notNull(),
    /** Insertion order, unique: the order of events within one stream batch (resources/eventStream.ts). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    /**
     * The stream's position: the writing transaction's id, raised to the record's previous event's
     * (so a record's events never go backwards). A reader takes only events below the oldest
     * running transaction, so none can appear behind a position already read.
     */
    orderTx: xid8('order_tx').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('resource_events_record_idx').on(t.recordId, t.at),
    uniqueIndex('resource_events_seq_idx').on(t.seq),
    index('resource_events_stream_idx').on(t.orderTx, t.seq),
    index('resource_events_actor_account_idx').on(t.actorAccountId, t.seq),
  ],
);

/**
 * The scheduler's jobs (src/server/scheduler.ts): when each may next run. A node runs a job only
 * after moving its next_at forward in one conditional statement, so each period's run happens on
 * one node however many nodes tick.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  nextAt: ts('next_at').notNull(),
  lastStartedAt: ts('last_started_at'),
  lastFinishedAt: ts('last_finished_at'),
  /** What the last run answered (a count), or its error. */
  lastResult: jsonb('last_result'),
  lastError: text('last_error'),
});

/**
 * Each consumer of the event stream (src/server/consumers/): the position it has handled events
 * up to ("<order_tx>:<seq>", as eventStream.ts reads it). A drain locks the row, handles a batch
 * and moves the position in one transaction, so every event reaches each consumer exactly once.
 */
export const consumerPositions = pgTable('consumer_positions', {
  name: text('name').primaryKey(),
  orderTx: xid8('order_tx').notNull().default(sql`'0'::xid8`),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  /** Events handled so far (for operations: a consumer that stops counting is stuck). */
  handled: bigint('handled', { mode: 'number' }).notNull().default(0),
  updatedAt: ts('updated_at'),
});

/** Uploaded files: the bytes live behind the storage interface under a random key. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    /** The name the user gave the file (shown, never used as a path). */
    name: text('name').notNull(),
    /** MIME type detected from the content, not the one the browser claimed. */
    type: text('type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('files_account_idx').on(t.accountId)],
);

/** Identity/enterprise authentication submissions and their review (DESIGN §5 Accounts). */
export const authentications = pgTable(
  'authentications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind', { enum: ['enterprise', 'personal'] }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['submitted', 'approved', 'rejected'] }).notNull(),
    reason: text('reason'),
    submittedBy: uuid('submitted_by')
      .notNull()
      .references(() => users.id),
    submittedAt: ts('submitted_at').notNull(),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [index('authentications_account_idx').on(t.accountId, t.submittedAt), index('authentications_status_idx').on(t.status, t.submittedAt)],
);

/** Server-wide secrets (e.g. the key that signs file URLs), created once, shared by all nodes. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull(),
});

/**
 * Idempotency-Key records (DESIGN §7): per account and key, the hash of the request and the
 * response sent, stored in the same transaction as the work, so a replay answers byte for byte.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: text('response').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Per-client request counters of the public endpoints (src/server/plugins/rateLimit.ts), shared
 * by every node of one database: one row per rule and client, its count and when its window
 * ends. A request past the end starts a new window in the same row; rows whose window ended
 * are purged every minute, so the table holds at most the clients of the last window.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: ts('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/** Who did what to which operator of an account, and when (shown on the account page). */
export const operatorEvents = pgTable(
  'operator_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    targetId: uuid('target_id')
      .notNull()
      .references(() => users.id),
    /** add | edit | sendBindCode | bind | enable | disable | unbind | delete */
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, string>>().notNull().default({}),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('operator_events_account_idx').on(t.accountId, t.createdAt)],
);

/** Phones left through the promotion (SPEC §7 Other): saved once each, after an SMS code proved them. */
export const promotionLeads = pgTable('promotion_leads', {
  phone: text('phone').primaryKey(),
  createdAt: ts('created_at').notNull(),
});

/**
 * The parties of a resource record (DESIGN §7): role -> account, e.g. a contract's buyer and
 * seller. The truth, as rows with keys to the accounts; resource_records.parties is its copy,
 * kept by a trigger (migration 0012), which the list scopes and their indexes read.
 */
export const recordParties = pgTable(
  'record_parties',
  {
    recordId: uuid('record_id')
      .notNull()
      .references(() => recordKeys.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.role] }), index('record_parties_account_idx').on(t.accountId, t.role, t.recordId)],
);

/**
 * Ledger accounts (DESIGN §8): one `wallet` per business account (credit-normal: its balance is
 * credits - debits, never negative) and the platform's own accounts (bank clearing, escrow,
 * objection deposits, fees). Totals in integer fen, posted and pending kept apart: a pending
 * transfer is a hold (two-phase), counted against the debited wallet until it is posted or voided.
 * The totals change only with a transfer row, in the same transaction (src/server/ledger/).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    /** `<account uuid>:wallet` for an account's wallet, `platform:<code>` for the platform's, `platform:escrow:<contract id>` for a contract's escrow. */
    id: text('id').primaryKey(),
    /** The business account; null for the platform's accounts. */
    ownerAccountId: uuid('owner_account_id').references(() => accounts.id),
    code: text('code').notNull(),
    /** Debits (posted + pending) may never exceed posted credits. */
    noNegative: boolean('no_negative').notNull(),
    debitsPosted: bigint('debits_posted', { mode: 'bigint' }).notNull().default(sql`0`),
    creditsPosted: bigint('credits_posted', { mode: 'bigint' }).notNull().default(sql`0`),
    debitsPending: bigint('debits_pending', { mode: 'bigint' }).notNull().default(sql`0`),
    creditsPending: bigint('credits_pending', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('ledger_accounts_owner_idx').on(t.ownerAccountId, t.code)],
);

/**
 * Transfers: immutable rows (one exception: migration 0017 re-pointed the credit side of open
 * collateral holds from the shared escrow account to each contract's own, totals moved with it). `posted` moves money at once; `pending` holds it; a later row with
 * `pendingId` set posts (`posted`) or voids (`voided`) that hold, at most once (unique index).
 * `key` makes a business step happen once (e.g. `collateral:<contract id>`); `batchId` finds the
 * transfers of one payment (never a pattern over `key`).
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    debitAccountId: text('debit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: text('credit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['pending', 'posted', 'voided'] }).notNull(),
    pendingId: uuid('pending_id'),
    /** The business record this transfer belongs to (a deposit, a withdrawal, a contract). */
    refResource: text('ref_resource').notNull(),
    refId: uuid('ref_id').notNull(),
    key: text('key').notNull(),
    /** The user whose request made it; null when the system did (automatic release). */
    userId: uuid('user_id').references(() => users.id),
    /**
     * The payment or batch it is part of, where the step moved money as one (migration 0025):
     * the payment of one or several bills, the payment request paid (all its payments), the
     * clearing run; a reversal carries the batch of the payment it reverses. Null for a step of
     * its own (a deposit, a hold and its resolution).
     */
    batchId: uuid('batch_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_key_idx').on(t.key),
    index('ledger_transfers_batch_idx').on(t.batchId).where(sql`${t.batchId} is not null`),
    uniqueIndex('ledger_transfers_pending_idx').on(t.pendingId).where(sql`${t.pendingId} is not null`),
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.createdAt),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.createdAt),
    index('ledger_transfers_ref_idx').on(t.refId),
    check('ledger_transfers_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The statement of each business account's wallet: one line per movement (a transfer or hold
 * that starts one) and wallet it touches, written by src/server/ledger/transfers.ts in the
 * statement that writes the transfer; a hold's line takes the state of its resolution (posted,
 * voided) when that is written. A read model: every figure stays in ledger_transfers and
 * ledger_accounts, and the fifth invariant checks the lines against them. It exists so an
 * account's flows list reads its newest lines in index order (accountFlows.json).
 */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** `out` when the wallet is debited, `in` when credited. */
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    state: text('state', { enum: ['pending', 'posted', 'voided'] }).notNull(),
    refResource: text('ref_resource').notNull(),
    refId: uuid('ref_id').notNull(),
    userId: uuid('user_id').references(() => users.id),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.transferId, t.accountId] }),
    // The list's order exactly as query.ts writes it (created_at desc nulls last, id desc).
    index('ledger_lines_account_order_idx').on(t.accountId, t.createdAt.desc().nullsLast(), t.transferId.desc().nullsFirst()),
  ],
);

/**
 * Each business wallet's moves of its available balance per China day (coin-days,
 * src/server/domains/coindays): the sum of what its statement lines moved that day, by the rule
 * coinDays.ts states. Kept by triggers on ledger_lines (migration 0021), never written by the
 * application, so a year's coin-days read 365 rows, not every line of the year.
 */
export const ledgerDailyMoves = pgTable(
  'ledger_daily_moves',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    day: date('day', { mode: 'string' }).notNull(),
    deltaFen: bigint('delta_fen', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);

/**
 * The money of a bill (DESIGN §9; schemas/resources/bills.json, src/server/domains/settlement):
 * one row per bills record, with its amount, what was paid (ledger transfers billPayment and
 * billBatchPayment, less billPaymentReversed) and what mutual netting cleared, in integer fen.
 * The open amount is amount - paid - cleared, never negative (the check below and the sixth
 * ledger invariant); the record's data carries the same figures as money strings for its lists.
 */
export const bills = pgTable(
  'bills',
  {
    recordId: uuid('record_id')
      .primaryKey()
      .references(() => recordKeys.id, { onDelete: 'cascade' }),
    /** The contract the bill comes from. */
    contractId: uuid('contract_id').notNull(),
    payerAccountId: uuid('payer_account_id')
      .notNull()
      .references(() => accounts.id),
    payeeAccountId: uuid('payee_account_id')
      .notNull()
      .references(() => accounts.id),
    /** What the bill is for now: its issued amount less the parts passed on from it (settlement/passOn.ts); 0 once passed on whole. */
    amountFen: bigint('amount_fen', { mode: 'bigint' }).notNull(),
    /**
     * Circulating bills (issue 31, DESIGN §10): the amount the bill was made with, never changed
     * (a root's as issued, a passed part's as passed), the bill it was passed on from and its
     * family's first bill (both null for a root). The family's open amounts sum to the root's
     * issued amount less what was paid and cleared anywhere in it (settlement/invariants.ts).
     */
    issuedFen: bigint('issued_fen', { mode: 'bigint' }).notNull(),
    parentBillId: uuid('parent_bill_id'),
    rootBillId: uuid('root_bill_id'),
    paidFen: bigint('paid_fen', { mode: 'bigint' }).notNull().default(sql`0`),
    clearedFen: bigint('cleared_fen', { mode: 'bigint' }).notNull().default(sql`0`),
    /** When the payer was told the bill falls due within three days, and that it is overdue (each once). */
    dueSoonNotifiedAt: ts('due_soon_notified_at'),
    overdueNotifiedAt: ts('overdue_notified_at'),
    /**
     * Copies of the record's state and data.dueDay, kept by triggers (migration 0019), never
     * written by the application: the payables and receivables totals sum this table's columns
     * through the covering indexes (payer or payee, state) of 0019, not the records' JSON
     * (settlement/billTotals.ts).
     */
    state: text('state'),
    dueDay: text('due_day'),
  },
  (t) => [
    index('bills_contract_idx').on(t.contractId),
    index('bills_root_idx').on(t.rootBillId),
    // A bill's amount is 0 only once it was passed on whole (state passedOn, settlement/split.ts).
    check('bills_amounts', sql`(${t.amountFen} > 0 or (${t.amountFen} = 0 and ${t.state} = 'passedOn')) and ${t.paidFen} >= 0 and ${t.clearedFen} >= 0 and ${t.paidFen} + ${t.clearedFen} <= ${t.amountFen}`),
  ],
);

/**
 * A mutual-netting clearing run (DESIGN §9; src/server/domains/settlement/clearing): started by
 * ops or by the daily job (`runDay` is unique, so one node runs a day's job). It keeps its input
 * (every bill with its open amount at run time) and its solution (each bill's cleared and settled
 * part, the settlement transfers, what stayed unsettled) so it can be recomputed and audited,
 * and its figures in columns for the runs list.
 */
export const clearingRuns = pgTable(
  'clearing_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: text('trigger', { enum: ['ops', 'daily'] }).notNull(),
    /** The China day of a daily run (unique: the second node's insert finds it and stops). */
    runDay: text('run_day'),
    state: text('state', { enum: ['running', 'completed'] }).notNull(),
    startedBy: uuid('started_by').references(() => users.id),
    billsIn: integer('bills_in').notNull().default(0),
    participants: integer('participants').notNull().default(0),
    amountInFen: bigint('amount_in_fen', { mode: 'bigint' }).notNull().default(sql`0`),
    amountClearedFen: bigint('amount_cleared_fen', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Written down along chains (bills passed on by the run, settlement/netting/chains.ts), and moved to the parts passed on. */
    amountChainedFen: bigint('amount_chained_fen', { mode: 'bigint' }).notNull().default(sql`0`),
    amountPassedFen: bigint('amount_passed_fen', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The bills' remaining amounts the settlement transfers discharged (the gross amount settled from balances; amountSettledFen is the money moved). */
    amountDischargedFen: bigint('amount_discharged_fen', { mode: 'bigint' }).notNull().default(sql`0`),
    amountSettledFen: bigint('amount_settled_fen', { mode: 'bigint' }).notNull().default(sql`0`),
    amountUnsettledFen: bigint('amount_unsettled_fen', { mode: 'bigint' }).notNull().default(sql`0`),
    solverMs: integer('solver_ms').notNull().default(0),
    totalMs: integer('total_ms').notNull().default(0),
    /** [{id, payer, payee, openFen}] as read, open amounts as decimal strings of fen. */
    input: jsonb('input').notNull(),
    /** {bills: [{id, clearedFen, settledFen}], transfers: [{from, to, amountFen, transferId}], unsettled: [...], method}. */
    solution: jsonb('solution').notNull(),
    error: text('error'),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [uniqueIndex('clearing_runs_day_idx').on(t.runDay), index('clearing_runs_started_idx').on(t.startedAt)],
);

/** One participant of a clearing run: its figures in the run (its page and Interconnectedsingle receipt). */
export const clearingRunParties = pgTable(
  'clearing_run_parties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => clearingRuns.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Its bills in the run (as payer or payee) and their open amounts. */
    bills: integer('bills').notNull(),
    payableFen: bigint('payable_fen', { mode: 'bigint' }).notNull(),
    receivableFen: bigint('receivable_fen', { mode: 'bigint' }).notNull(),
    /** What clearing cancelled of its payables (= of its receivables: a circulation). */
    clearedFen: bigint('cleared_fen', { mode: 'bigint' }).notNull(),
    /** What chains wrote down of its payables (it was a chain's middle). */
    chainedFen: bigint('chained_fen', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Owed minus owing after clearing (positive: creditor). */
    netFen: bigint('net_fen', { mode: 'bigint' }).notNull(),
    /** Paid (negative) or received (positive) by the settlement transfers. */
    settledFen: bigint('settled_fen', { mode: 'bigint' }).notNull(),
    /** What stayed unsettled, and why (null when nothing did). */
    unsettledFen: bigint('unsettled_fen', { mode: 'bigint' }).notNull(),
    reason: text('reason', { enum: ['insufficientBalance', 'counterpartyUnsettled'] }),
    availableFen: bigint('available_fen', { mode: 'bigint' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('clearing_run_parties_run_account_idx').on(t.runId, t.accountId), index('clearing_run_parties_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * A saved view of a list (issue 32): its filters (the API's list parameters), sort, columns and
 * page size under a name, owned by a user; shared, every user of the account sees it; one per
 * user and resource may be that user's default (src/server/domains/listViews).
 */
export const listViews = pgTable(
  'list_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    resource: text('resource').notNull(),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull().default({}),
    sort: text('sort'),
    columns: jsonb('columns').$type<string[]>(),
    pageSize: integer('page_size'),
    shared: boolean('shared').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('list_views_account_resource_idx').on(t.accountId, t.resource),
    uniqueIndex('list_views_user_name_key').on(t.userId, t.resource, t.name),
    uniqueIndex('list_views_user_default_key').on(t.userId, t.resource).where(sql`${t.isDefault}`),
  ],
);

/** A user's columns of a list: which, in what order, how wide (px); absent, the resource file's. */
export const listColumnPreferences = pgTable(
  'list_column_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    resource: text('resource').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    widths: jsonb('widths').$type<Record<string, number>>().notNull().default({}),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.resource] })],
);

/**
 * An account's API keys (src/server/domains/apiKeys): a machine acting with an operator type's
 * grants. The secret is kept only as SHA-256 (as session tokens); the signing secret, which the
 * server needs in clear to check a request's HMAC, is kept as it is, like an authenticator's.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** The operator type whose grants the key acts with (schemas/permissions.json). */
    role: text('role').notNull(),
    /** Granted money actions (each signed: X-LSF-Signature). */
    money: boolean('money').notNull().default(false),
    /** The secret's first characters, shown in the list to tell keys apart. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    signingSecret: text('signing_secret').notNull(),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('api_keys_secret_hash_key').on(t.secretHash), index('api_keys_account_idx').on(t.accountId, t.createdAt)],
);

/** Request signatures already used (replays refused), kept until their 5-minute window ends; shared by every node. */
export const apiKeySignatures = pgTable(
  'api_key_signatures',
  {
    signature: text('signature').primaryKey(),
    keyId: uuid('key_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('api_key_signatures_expires_idx').on(t.expiresAt)],
);

/** An account's webhook endpoints (src/server/domains/webhooks): where the events it subscribes to are POSTed, signed. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    url: text('url').notNull(),
    /** "<resource>.<action>" names of the event stream. */
    eventTypes: jsonb('event_types').$type<string[]>().notNull(),
    /** The HMAC key of X-LSF-Webhook-Signature. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** 'failing' (3 days without a success) or 'owner'. */
    disabledReason: text('disabled_reason'),
    disabledAt: ts('disabled_at'),
    /** The first failure since the last success: 3 days of it disable the endpoint. */
    failingSince: ts('failing_since'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('webhook_endpoints_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * One event to one endpoint (written by the webhooks consumer with its position, so at least
 * once) and its attempts: claimed by one node at a time (FOR UPDATE SKIP LOCKED, claimed_until),
 * retried with backoff until 3 days after the first attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    /** The event's seq (resource_events): one delivery per endpoint and event. */
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
    eventType: text('event_type').notNull(),
    recordId: uuid('record_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next try is due (pending only). */
    nextAt: ts('next_at'),
    /** A node sending it holds it until then (a node that died mid-send gives it back). */
    claimedUntil: ts('claimed_until'),
    firstAttemptAt: ts('first_attempt_at'),
    lastAttemptAt: ts('last_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
    deliveredAt: ts('delivered_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_key').on(t.endpointId, t.eventSeq),
    index('webhook_deliveries_due_idx').on(t.nextAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);
