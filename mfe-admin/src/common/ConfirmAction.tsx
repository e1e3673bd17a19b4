import { useState } from 'react';
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogFooter, AlertDialogTrigger, Button, type ButtonVariant } from '@lipcast/ui';
import { useBusy } from '@lipcast/web-kit';

export interface ConfirmActionProps {
  /** The button's text, e.g. "Cancel job". */
  label: string;
  /** The button's accessible name when its text alone is not unique on the page, e.g. "Resume <subject>". */
  name?: string;
  title: string;
  description: string;
  /** The confirming button's text in the dialog. */
  confirmLabel: string;
  variant?: ButtonVariant;
  disabled?: boolean;
  /** Asked when the button is pressed: false keeps the dialog closed (a form shows its errors instead). */
  canOpen?: () => boolean;
  onConfirm: () => Promise<void> | void;
}

/** A button that asks first: every operator action changes someone's job, credits or content. */
export function ConfirmAction({ label, name, title, description, confirmLabel, variant = 'outline', disabled, canOpen, onConfirm }: ConfirmActionProps) {
  const { busy, run } = useBusy();
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={(next) => setOpen(next && (canOpen?.() ?? true))}>
      <AlertDialogTrigger asChild>
        <Button variant={variant} size="sm" aria-label={name} disabled={disabled || busy}>
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent title={title} description={description}>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction variant={variant === 'destructive' ? 'destructive' : 'default'} onClick={() => void run(async () => onConfirm())}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
