import { useParams, useSearchParams } from 'react-router';
import {
  JournalPrintView,
  parsePrintIncludes,
} from '@/features/prayer-requests/components/journal-print-view';

export function Component() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  return <JournalPrintView key={id} journalId={id} include={parsePrintIncludes(params)} />;
}
