/**
 * The cross-engine scenario set, in the order it runs. To add scenarios, write a module exporting a `Scenario[]`
 * against the Tab interface (../engine.ts) and list it here: every engine runs it, and the summary counts it.
 *
 * Hosted fields (./hosted.ts): their inputs live in iframes of the API origin, which a page script cannot reach;
 * `Tab.frame(selector)` runs `evaluate`/`type` inside one, and keys go to the focused frame as a shopper's do.
 * `expectNoLeak` and `expectCleanPage` serve there too: the servers' logs see the frames' requests as well.
 */
import type { Scenario } from '../harness';
import { accessibility } from './accessibility';
import { axePages } from './axe';
import { cardElement } from './card-element';
import { checks } from './checks';
import { checkout } from './checkout';
import { dashboard } from './dashboard';
import { classic } from './classic';
import { deviceData } from './device-data';
import { display } from './display';
import { hosted } from './hosted';
import { paymentPages } from './payment-pages';
import { shopMethods } from './shop-methods';
import { spa } from './spa';
import { testingHelpers } from './testing-helpers';
import { threeDSecure } from './three-d-secure';

export const SCENARIOS: Scenario[] = [
  ...checkout,
  ...threeDSecure,
  ...cardElement,
  ...hosted,
  ...accessibility,
  ...display,
  ...spa,
  ...classic,
  ...deviceData,
  ...paymentPages,
  ...dashboard,
  ...shopMethods,
  ...axePages,
  ...checks,
  ...testingHelpers,
];
