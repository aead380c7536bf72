import { clockPage } from './pages/clock';
import { customersPage } from './pages/customers';
import { overviewPage } from './pages/overview';
import { requestsPage } from './pages/requests';
import { transactionsPage } from './pages/transactions';
import type { PageModule } from './types';

/**
 * The dashboard's pages, in the navigation's order. A new resource is one page module (./pages/) and one line here:
 * its routes are mounted under `/dashboard/{path}`, its buttons at `/dashboard/{path}/do/{name}`, its entry added to
 * the navigation.
 */
export const PAGES: readonly PageModule[] = [overviewPage, transactionsPage, customersPage, requestsPage, clockPage];
