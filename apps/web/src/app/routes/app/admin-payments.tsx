import { AdminPaymentsPage } from '@/features/billing/components/admin-payments-page';

export function Component() {
  return (
    <>
      <title>Payments · Selah</title>
      <AdminPaymentsPage />
    </>
  );
}
