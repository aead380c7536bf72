import { CORE } from './0001-core';
import type { Migration } from './sql';

export type { Migration } from './sql';

/**
 * Every migration, oldest first. Add new ones at the end with a new name; never edit one that has shipped (a
 * sandbox file created by an older version applies only the ones it lacks).
 */
export const MIGRATIONS: readonly Migration[] = [CORE];
