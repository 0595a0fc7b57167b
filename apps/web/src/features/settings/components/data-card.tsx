import { Download, Eraser } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useClearData } from '../api/clear-data';
import { EXPORT_FAILED, useExportActivity } from '../api/export-activity';
import {
  DangerConfirmDialog,
  GOOGLE_CONFIRMATION_EXPIRED,
  type DangerConfirmErrors,
} from './danger-confirm-dialog';

const CLEAR_FAILED = 'Your data could not be cleared. Please try again.';

/**
 * Your data: Download activity history (a JSON file) and Clear Data (typed confirmation and the
 * password, or a fresh Google sign-in for an account without one). `googleConfirmed`: the page
 * is back from Google with the confirmation.
 */
export function DataCard({
  hasPassword,
  googleConfirmed = false,
}: {
  hasPassword: boolean;
  googleConfirmed?: boolean;
}) {
  const exportActivity = useExportActivity();
  const clearData = useClearData();
  const [clearOpen, setClearOpen] = useState(googleConfirmed);
  const [confirmed, setConfirmed] = useState(googleConfirmed);

  const onDownload = () =>
    exportActivity.mutate(undefined, {
      onSuccess: (filename) =>
        toast.success('Download started', { description: `Saving ${filename}.` }),
      onError: (error) =>
        toast.error('Download failed', { description: getErrorMessage(error, EXPORT_FAILED) }),
    });

  const onClear = (password: string): Promise<DangerConfirmErrors | void> =>
    clearData.mutateAsync(hasPassword ? { password } : {}).then(
      ({ message }) => {
        toast.success('Data cleared', { description: message });
        setConfirmed(false);
        setClearOpen(false);
      },
      (error: unknown) => {
        if (isApiError(error, 403) && !hasPassword) {
          // The confirmation was used up or is too old: Google again.
          setConfirmed(false);
          return { google: GOOGLE_CONFIRMATION_EXPIRED };
        }
        if (isApiError(error, 403)) return { password: error.message };
        toast.error('Data not cleared', { description: getErrorMessage(error, CLEAR_FAILED) });
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">Your data</h2>
        </CardTitle>
        <CardDescription>
          Take a copy of everything you keep in Selah, or start afresh.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid gap-1">
            <h3 className="text-sm font-medium">Download activity history</h3>
            <p className="text-sm text-muted-foreground">
              A JSON file with your profile, journals, prayers, testimonies, prayer requests,
              groups, friends, notifications and payments.
            </p>
          </div>
          <Button
            variant="outline"
            className="w-fit shrink-0"
            disabled={exportActivity.isPending}
            onClick={onDownload}
          >
            <Download aria-hidden="true" />
            {exportActivity.isPending ? 'Preparing...' : 'Download activity history'}
          </Button>
        </div>
        <div className="flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid gap-1">
            <h3 className="text-sm font-medium">Clear Data</h3>
            <p className="text-sm text-muted-foreground">
              Remove your journals, prayers, prayer requests and prayer statistics. Your account,
              friends and settings stay.
            </p>
          </div>
          <Button variant="outline" className="w-fit shrink-0" onClick={() => setClearOpen(true)}>
            <Eraser aria-hidden="true" />
            Clear Data
          </Button>
        </div>
      </CardContent>
      <DangerConfirmDialog
        open={clearOpen}
        onOpenChange={setClearOpen}
        title="Clear all your data?"
        description={
          <p>
            Your journals (with their prayers and any prayer groups on them), your prayers, prayer
            requests and prayer statistics are removed for good. Your account, friends and settings
            stay.
          </p>
        }
        confirmLabel="Clear Data"
        pendingLabel="Clearing..."
        pending={clearData.isPending}
        proof={hasPassword ? { kind: 'password' } : { kind: 'google', action: 'clear', confirmed }}
        onConfirm={onClear}
      />
    </Card>
  );
}
