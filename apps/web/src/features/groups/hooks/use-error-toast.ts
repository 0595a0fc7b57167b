/**
 * Kept only for the route modules in app/ that still import it from here; everything else
 * imports '@/hooks/use-error-toast'. Remove once app/routes import the shared hook (ADR 050).
 */
export { useErrorToast } from '@/hooks/use-error-toast';
