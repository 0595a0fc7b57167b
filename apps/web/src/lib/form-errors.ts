import { FieldIssueSchema } from '@selah/shared/errors';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from './api-client';

const FieldIssuesSchema = z.array(FieldIssueSchema);

/**
 * Shows a 400 VALIDATION_FAILED answer's field issues under the matching form fields.
 * Returns true when at least one issue matched a field of the form.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return false;
  const issues = FieldIssuesSchema.safeParse(error.details);
  if (!issues.success) return false;
  let matched = false;
  for (const issue of issues.data) {
    const path = issue.path.replace(/^body\./, '');
    const field = fields.find((name) => name === path);
    if (field) {
      setError(field, { type: 'server', message: issue.message });
      matched = true;
    }
  }
  return matched;
}
