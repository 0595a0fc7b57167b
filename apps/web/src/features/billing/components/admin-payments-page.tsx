import { PLAN_NAMES } from '@selah/shared/schemas/billing';
import {
  PAYMENT_STATUSES,
  type AdminPayment,
  type PaymentStatus,
} from '@selah/shared/schemas/admin';
import { Loader2, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { ItemNotFound, PageLoadError } from '@/components/errors/page-states';
import { PageHeader } from '@/components/layouts/page-header';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { LoadMoreRow } from '@/components/ui/load-more-row';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { useAuthStore } from '@/stores/auth-store';
import { useAdminPayments } from '../api/get-admin-payments';
import { formatMoney } from '../utils/format-price';

export const STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  expired: 'Expired',
  successful: 'Successful',
  needs_refund: 'Needs refund',
  refunded: 'Refunded',
};

const STATUS_STYLES: Record<PaymentStatus, string> = {
  pending: 'border-border bg-transparent text-foreground',
  expired: 'border-border bg-muted text-muted-foreground',
  successful: 'border-transparent bg-primary text-primary-foreground',
  needs_refund: 'border-transparent bg-destructive text-destructive-foreground',
  refunded: 'border-transparent bg-secondary text-secondary-foreground',
};

const ALL = 'all';

export const LOAD_PAYMENTS_ERROR = 'The payments could not be loaded.';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-mono text-xs break-all">{children}</dd>
    </div>
  );
}

/** One payment: amount, plan, status, who, when, its references and any refund. */
function PaymentItem({ payment }: { payment: AdminPayment }) {
  const refund = payment.refund;
  return (
    <li
      aria-label={`${formatMoney(payment.amount, payment.currency)} ${PLAN_NAMES[payment.plan]}, ${STATUS_LABELS[payment.status]}`}
      className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-xs"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-lg font-semibold tabular-nums">
            {formatMoney(payment.amount, payment.currency)}
          </span>
          <span className="text-sm text-muted-foreground">
            {PLAN_NAMES[payment.plan]}
            {payment.country ? ` · ${payment.country}` : ''}
          </span>
        </p>
        <Badge className={cn(STATUS_STYLES[payment.status])}>{STATUS_LABELS[payment.status]}</Badge>
      </div>
      <p className="min-w-0 text-sm">
        <span className="font-medium">{payment.user.username}</span>{' '}
        <span className="text-muted-foreground">{payment.user.email}</span>
      </p>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label="Started">{formatDate(payment.createdAt, 'short')}</Fact>
        <Fact label="Confirmed">
          {payment.verifiedAt ? formatDate(payment.verifiedAt, 'short') : 'Not yet'}
        </Fact>
        <Fact label="Reference">{payment.txRef}</Fact>
        <Fact label="Flutterwave transaction">{payment.providerTransactionId ?? 'None'}</Fact>
      </dl>
      {refund && (
        <div className="grid gap-1 rounded-md border border-dashed p-3 text-sm">
          <p>
            {payment.status === 'refunded'
              ? `A second charge for a checkout that was already paid. Refunded on ${formatDate(refund.refundedAt, 'short')} (Flutterwave refund ${refund.providerRefundId ?? ''}).`
              : `A second charge for a checkout that was already paid: it gave nothing and must be refunded. Refund attempts: ${refund.attempts}.`}
          </p>
          {refund.error && payment.status === 'needs_refund' && (
            <p className="text-destructive">Last attempt: {refund.error}</p>
          )}
        </div>
      )}
    </li>
  );
}

function LoadingList() {
  return (
    <div className="grid gap-3" aria-busy="true">
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Loading payments...
      </p>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-32 w-full rounded-lg" />
      ))}
    </div>
  );
}

/**
 * /admin/payments: every payment with its status, for operators (ADR 041). Ordinary users see
 * the page-not-found state, as the server answers them.
 */
export function AdminPaymentsPage() {
  const isAdmin = useAuthStore((state) => state.user?.role === 'admin');
  const [status, setStatus] = useState<PaymentStatus | undefined>(undefined);
  const payments = useAdminPayments(status, isAdmin);

  const notFound = (
    <ItemNotFound
      icon={ShieldAlert}
      title="Page Not Found"
      message="The page you are looking for does not exist or has been moved."
      backHref={paths.app.dashboard.getHref()}
      backLabel="Back to Dashboard"
    />
  );
  if (!isAdmin || isApiError(payments.error, 404)) return notFound;

  const items = payments.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader
        title="Payments"
        description="Every payment, newest first. A second charge for a checkout that was already paid needs a refund: Selah asks Flutterwave for it at once and again after an outage."
        actions={
          <div className="grid w-full gap-1.5 sm:w-52">
            <Label htmlFor="payment-status">Status</Label>
            <Select
              value={status ?? ALL}
              onValueChange={(value) =>
                setStatus(value === ALL ? undefined : (value as PaymentStatus))
              }
            >
              <SelectTrigger id="payment-status" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All payments</SelectItem>
                {PAYMENT_STATUSES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {STATUS_LABELS[value]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        }
      />
      {payments.isPending ? (
        <LoadingList />
      ) : !payments.data ? (
        <PageLoadError
          message={getErrorMessage(payments.error, LOAD_PAYMENTS_ERROR)}
          onRetry={() => void payments.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {status ? `No payments with the status “${STATUS_LABELS[status]}”.` : 'No payments yet.'}
        </p>
      ) : (
        <div className="grid gap-4">
          <ul aria-label="Payments" className="grid gap-3">
            {items.map((payment) => (
              <PaymentItem key={payment._id} payment={payment} />
            ))}
          </ul>
          <LoadMoreRow query={payments} />
        </div>
      )}
    </div>
  );
}
