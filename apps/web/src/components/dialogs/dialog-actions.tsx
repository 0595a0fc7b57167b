import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

/**
 * A dialog's Cancel and main button. Inside a form the main button submits it; given `onClick`
 * it runs that instead. It reads `pendingLabel` while `pending`, and is disabled while pending
 * unless `disabled` says otherwise.
 */
export function DialogActions({
  onCancel,
  label,
  pendingLabel,
  pending,
  disabled = pending,
  onClick,
}: {
  onCancel: () => void;
  label: string;
  pendingLabel: string;
  pending: boolean;
  disabled?: boolean;
  onClick?: () => void;
}) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type={onClick ? 'button' : 'submit'} disabled={disabled} onClick={onClick}>
        {pending ? pendingLabel : label}
      </Button>
    </DialogFooter>
  );
}
