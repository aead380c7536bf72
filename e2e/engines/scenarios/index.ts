/**
 * The cross-engine scenario set, in the order it runs. To add scenarios, write a module exporting a `Scenario[]`
 * against the Tab interface (../engine.ts) and list it here: every engine runs it, and the summary counts it.
 *
 * Hosted fields: their inputs live in iframes of the API origin, which a page script cannot reach. Add to `Tab` a
 * `frame(selector): Promise<Tab>` whose `evaluate`/`type` run inside the iframe `selector` (Playwright:
 * `elementHandle.contentFrame()`; puppeteer: the same; WebDriver: `POST /frame` with the element, `POST
 * /frame/parent` after), focus a field by clicking it (key events then go to the focused frame, as a shopper's),
 * and reuse `expectNoLeak` and `expectCleanPage`: the servers' logs see the frames' requests as well.
 */
import type { Scenario } from '../harness';
import { checks } from './checks';
import { checkout } from './checkout';
import { classic } from './classic';
import { deviceData } from './device-data';
import { spa } from './spa';

export const SCENARIOS: Scenario[] = [...checkout, ...spa, ...classic, ...deviceData, ...checks];
