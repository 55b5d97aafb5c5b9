// The money domain's server parts (issue 8), registered by name for the resource files that use
// them (schemas/resources/deposits.json, withdrawals.json): handlers that post ledger transfers
// in the action's transaction, and the messages their events produce.
import './deposits';
import './withdrawals';
import './collateral';
import './autoRelease';
import './contractNews';
import './flows';
