import { Dashboard } from '@/features/dashboard/components/dashboard';

export function Component() {
  return <Dashboard />;
}
