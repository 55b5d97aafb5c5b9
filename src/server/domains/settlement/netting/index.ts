// Mutual netting's pure core (DESIGN §9): the optimal clearing of a run's bills (solve.ts, HiGHS),
// the settlement of what remains (settle.ts) and the recomputation of a stored run (audit.ts).
// No database here: the settlement domain feeds it the run's confirmed open bills and writes
// the answer down.
export { solveNetting, warmNettingWorker, type NettingMethod, type NettingSolution, type NettingStats, type SolveOptions } from './solve';
export { stopNettingWorker } from './worker';
export { auditChainNetting, auditNetting, type NettingAudit, type StoredChainRun } from './audit';
export { solveChainNetting, type ChainBill, type ChainNettingSolution, type ChainPart } from './chains';
export { settleNetPositions, type PositionToSettle, type SettlementPlan, type SettlementTransfer, type Unsettled, type UnsettledReason } from './settle';
export { NettingInputError, type ClearedBill, type NetPosition, type NettingBill } from './network';
