import { AdminPaymentsPage } from '@/features/billing/components/admin-payments-page';

export default function AdminPaymentsRoute() {
  return (
    <>
      <title>Payments · Selah</title>
      <AdminPaymentsPage />
    </>
  );
}
