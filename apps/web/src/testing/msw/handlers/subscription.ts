import { http, HttpResponse } from 'msw';
import { buildPricing, buildSubscription } from '../../subscription-factories';
import { API } from './auth';

/**
 * Default answers of the plans and payments API: a Free user in the United States on a server
 * with payments set up. Checkout and subscribe have no default: tests that pay add them.
 */
export const subscriptionHandlers = [
  http.get(`${API}/subscription`, () => HttpResponse.json(buildSubscription('free'))),
  http.get(`${API}/subscription/pricing`, () => HttpResponse.json(buildPricing())),
];
