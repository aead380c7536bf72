// The cross-engine scenarios in Chromium (Playwright): see ./harness.ts.
import { runScenarios } from './harness';
import { launchChromium } from './chromium';

runScenarios('chromium', launchChromium);
