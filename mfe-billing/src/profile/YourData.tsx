import { useId, useState, type MouseEvent } from 'react';
import { API_ROUTES, DELETE_ACCOUNT_CONFIRMATION } from '@lipcast/contracts';
import {
  AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogFooter, AlertDialogTrigger, Button, buttonVariants, Card, CardContent, CardDescription, CardHeader,
  CardTitle, Input, Label,
} from '@lipcast/ui';
import { callApi, toast } from '@lipcast/web-kit';
import { toastFailure } from './failure-toast';

/** Where the account's data export is served (a streamed ZIP). */
export const EXPORT_URL = '/api/account/export';

/**
 * Leaves the deleted account: a full page load (so no state of the signed-in user survives) of the
 * identity provider's end-session address, as Logout does, so the next Log in asks who signs in.
 */
export const leaveDeletedAccount = (signOutUrl: string) => window.location.assign(signOutUrl || '/');

/**
 * Taking one's data out (a ZIP of the user's media and a JSON of their records, downloaded as it is
 * made) and deleting the account (after typing DELETE: media, influencers and history removed,
 * subscription ended, signed out everywhere).
 */
export function YourData({ onDeleted = leaveDeletedAccount }: { onDeleted?: (signOutUrl: string) => void }) {
  const confirmId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);

  async function deleteAccount(event: MouseEvent) {
    // Keeps the dialog open, busy, until the server has answered.
    event.preventDefault();
    setBusy(true);
    try {
      const { signOutUrl } = await callApi(API_ROUTES.deleteAccount, { body: { confirm: typed } });
      toast({ title: 'Your account was deleted', variant: 'success' });
      onDeleted(signOutUrl);
    } catch (error) {
      toastFailure('Your account could not be deleted', error);
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>Download your portraits, clips, audio and videos with a JSON file of your account, history and influencers, or delete your account.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <a href={EXPORT_URL} download className={buttonVariants({ variant: 'outline' })}>
          Export my data
        </a>
        <AlertDialog open={open} onOpenChange={(next) => !busy && (setOpen(next), setTyped(''))}>
          <AlertDialogTrigger asChild>
            <Button variant="destructive">Delete my account</Button>
          </AlertDialogTrigger>
          <AlertDialogContent
            title="Delete your account?"
            description="Your videos, influencers (and their community copies), audio and history are deleted, your subscription ends now, and you are signed out everywhere. This cannot be undone."
          >
            <div className="space-y-2">
              <Label htmlFor={confirmId}>Type {DELETE_ACCOUNT_CONFIRMATION} to confirm</Label>
              <Input id={confirmId} value={typed} autoComplete="off" onChange={(event) => setTyped(event.target.value)} />
            </div>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={busy}>Keep my account</AlertDialogCancel>
              <AlertDialogAction variant="destructive" onClick={(event) => void deleteAccount(event)} disabled={busy || typed !== DELETE_ACCOUNT_CONFIRMATION}>
                {busy ? 'Deleting...' : 'Delete my account'}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
