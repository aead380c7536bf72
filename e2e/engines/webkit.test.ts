// The cross-engine scenarios in WebKit (WebKitGTK MiniBrowser, WebDriver): see ./harness.ts.
import { runScenarios } from './harness';
import { launchWebKit } from './webkit';

runScenarios('webkit', launchWebKit);
