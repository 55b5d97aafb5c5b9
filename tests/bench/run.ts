// npm run bench: every benchmark, printing figures. Benchmarks never fail on a number.
import { benchBills } from './bills';
import { benchCoinDays } from './coindays';
import { benchFlows } from './flows';
import { benchLedger } from './ledger';
import { benchLists } from './lists';
import { benchLive } from './live';
import { benchLoginLoad } from './login-load';
import { benchMenuClick } from './menu-click';
import { benchNetting } from './netting';
import { benchPassOn } from './passOn';
import { benchRecordIndexes } from './record-indexes';
import { benchResources } from './resources';
import { benchStartup } from './startup';
import { benchTestServerStart } from './test-server-start';
import { benchWebhooks } from './webhooks';

const only = process.argv[2];
const benches: Record<string, () => Promise<void>> = { startup: benchStartup, resources: benchResources, lists: benchLists, menuClick: benchMenuClick, loginLoad: benchLoginLoad, ledger: benchLedger, flows: benchFlows, netting: benchNetting, passOn: benchPassOn, bills: benchBills, coindays: benchCoinDays, recordIndexes: benchRecordIndexes, live: benchLive, testServerStart: benchTestServerStart, webhooks: benchWebhooks };
for (const [name, fn] of Object.entries(benches)) {
  if (only && only !== name) continue;
  await fn();
}
