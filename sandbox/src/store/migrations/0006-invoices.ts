import { docTable, type Migration } from './sql';

/**
 * Electronic invoices (CFDI): one row per merchant `invoice_id` (unique), with the random token of its public
 * document links (unique) and the charge it invoices.
 */
export const INVOICES: Migration = {
  name: '0006-invoices',
  sql: `
${docTable('invoices', [
  { name: 'invoice_id', type: 'TEXT', unique: true },
  { name: 'link_token', type: 'TEXT', unique: true },
  { name: 'status', type: 'TEXT' },
  { name: 'transaction_id', type: 'TEXT', index: true },
])}
`,
};
