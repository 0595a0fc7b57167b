import { useParams, useSearchParams } from 'react-router';
import {
  JournalPrintView,
  parsePrintIncludes,
} from '@/features/prayer-requests/components/journal-print-view';

export default function JournalPrintRoute() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  return <JournalPrintView key={id} journalId={id} include={parsePrintIncludes(params)} />;
}
