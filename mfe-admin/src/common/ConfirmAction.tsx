import { useState } from 'react';
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogFooter, AlertDialogTrigger, Button, type ButtonVariant } from '@lipcast/ui';

export interface ConfirmActionProps {
  /** The button's text, e.g. "Cancel job". */
  label: string;
  title: string;
  description: string;
  /** The confirming button's text in the dialog. */
  confirmLabel: string;
  variant?: ButtonVariant;
  disabled?: boolean;
  onConfirm: () => Promise<void> | void;
}

/** A button that asks first: every operator action changes someone's job, credits or content. */
export function ConfirmAction({ label, title, description, confirmLabel, variant = 'outline', disabled, onConfirm }: ConfirmActionProps) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant={variant} size="sm" disabled={disabled || busy}>
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent title={title} description={description}>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction variant={variant === 'destructive' ? 'destructive' : 'default'} onClick={() => void confirm()}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
