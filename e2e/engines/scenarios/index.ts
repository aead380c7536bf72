/**
 * The cross-engine scenario set, in the order it runs. To add scenarios (hosted fields, for one), write a module
 * exporting a `Scenario[]` against the Tab interface (../engine.ts) and list it here: every engine runs it.
 */
import type { Scenario } from '../harness';
import { checks } from './checks';
import { checkout } from './checkout';
import { classic } from './classic';
import { deviceData } from './device-data';
import { spa } from './spa';

export const SCENARIOS: Scenario[] = [...checkout, ...spa, ...classic, ...deviceData, ...checks];
