import { http, HttpResponse } from 'msw';
import { buildPricing, buildSubscription } from '../../billing-factories';
import { API } from './auth';

/**
 * Default answers of the billing API (/subscription): a Free user in the United States on a server
 * with payments set up. Checkout and subscribe have no default: tests that pay add them.
 */
export const billingHandlers = [
  http.get(`${API}/subscription`, () => HttpResponse.json(buildSubscription('free'))),
  http.get(`${API}/subscription/pricing`, () => HttpResponse.json(buildPricing())),
];
