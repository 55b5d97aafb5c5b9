import { dataProvider } from './dataProvider';
import { systemDataProvider } from './systemDataProvider';

/** The console's DataProviders as <Refine> takes them: resources by default, the rest as `system`. */
export const dataProviders = { default: dataProvider, system: systemDataProvider };
