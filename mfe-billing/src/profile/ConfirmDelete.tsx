import { useState, type MouseEvent } from 'react';
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogFooter, AlertDialogTrigger, Button } from '@lipcast/ui';
import { useBusy } from '@lipcast/web-kit';
import { toastFailure } from './failure-toast';

/** The words of a deletion's button and dialog. */
export interface ConfirmDeleteTexts {
  /** The button that opens the dialog: its text and its accessible name (which names the thing). */
  trigger: string;
  triggerName: string;
  title: string;
  description: string;
  /** The dialog's buttons: the way out, the deletion, and the deletion while the server answers. */
  keep: string;
  confirm: string;
  busy: string;
  /** The toast's title when the server refuses. */
  failed: string;
}

/**
 * A button that deletes something only once its dialog is confirmed. The dialog stays open, busy,
 * until `onConfirm` settles: it closes when it resolves, and stays open with a toast when it throws.
 */
export function ConfirmDelete({ texts, onConfirm }: { texts: ConfirmDeleteTexts; onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const { busy, run } = useBusy((error) => toastFailure(texts.failed, error));

  function confirm(event: MouseEvent) {
    // Keeps the dialog open, busy, until the server has answered.
    event.preventDefault();
    void run(async () => {
      await onConfirm();
      setOpen(false);
    });
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" aria-label={texts.triggerName}>
          {texts.trigger}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent title={texts.title} description={texts.description}>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{texts.keep}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={confirm} disabled={busy}>
            {busy ? texts.busy : texts.confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
