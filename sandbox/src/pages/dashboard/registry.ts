import { billingModule } from './pages/billing';
import { clockPage } from './pages/clock';
import { customersPage } from './pages/customers';
import { invoicesModule } from './pages/invoices';
import { moneyModule } from './pages/money';
import { overviewPage } from './pages/overview';
import { requestsPage } from './pages/requests';
import { transactionsPage } from './pages/transactions';
import { webhooksModule } from './pages/webhooks';
import type { PageModule } from './types';

/**
 * The dashboard's pages, in the navigation's order. A new resource is one page module (./pages/) and one line here:
 * its routes are mounted under `/dashboard/{path}`, its buttons at `/dashboard/{path}/do/{name}`, its entry added to
 * the navigation.
 */
export const PAGES: readonly PageModule[] = [
  overviewPage,
  transactionsPage,
  customersPage,
  billingModule,
  moneyModule,
  webhooksModule,
  invoicesModule,
  requestsPage,
  clockPage,
];
