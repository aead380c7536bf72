// The cross-engine scenarios in Gecko (Firefox ESR, puppeteer-core over WebDriver BiDi): see ./harness.ts.
import { runScenarios } from './harness';
import { launchFirefox } from './firefox';

runScenarios('firefox', launchFirefox);
