import { useId } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, type MailPreferences } from '@lipcast/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@lipcast/ui';
import { callApi, routeQuery, toast, useBusy } from '@lipcast/web-kit';
import { toastFailure } from './failure-toast';
import { Loaded } from './Loaded';

export const MAIL_PREFERENCES_ERROR_MESSAGE = 'Your e-mail settings could not be loaded. Please try again later.';

/** The mails a user may turn off: "Your video is ready" (sent when a video finishes while no page of theirs follows it). */
export function EmailPreferences() {
  const queryClient = useQueryClient();
  const query = routeQuery(API_ROUTES.mailPreferences);
  const preferences = useQuery(query);
  const { busy: saving, run } = useBusy((error) => toastFailure('Your e-mail settings could not be saved', error));
  const switchId = useId();
  const hintId = useId();

  async function save(next: MailPreferences) {
    const saved = await callApi(API_ROUTES.setMailPreferences, { body: next });
    queryClient.setQueryData(query.queryKey, saved);
    toast({ title: saved.videoReady ? '"Video ready" mails are on' : '"Video ready" mails are off', variant: 'success' });
  }

  return (
    <Card role="region" aria-label="E-mail">
      <CardHeader>
        <CardTitle>E-mail</CardTitle>
        <CardDescription>Payment confirmations are always sent. Choose the other mails you get.</CardDescription>
      </CardHeader>
      <CardContent>
        <Loaded query={preferences} loading="Loading your e-mail settings..." failed={MAIL_PREFERENCES_ERROR_MESSAGE}>
          {(current) => (
            <div className="flex items-start gap-3">
              <input
                id={switchId}
                type="checkbox"
                role="switch"
                className="mt-1 h-5 w-5 accent-indigo-600"
                checked={current.videoReady}
                aria-describedby={hintId}
                disabled={saving}
                onChange={(event) => void run(() => save({ videoReady: event.target.checked }))}
              />
              <div>
                <label htmlFor={switchId} className="font-medium">
                  Mail me when a video is ready
                </label>
                <p id={hintId} className="text-sm text-slate-600">
                  Sent when a video finishes while you are not watching it on Lipcast, with a link to it.
                </p>
              </div>
            </div>
          )}
        </Loaded>
      </CardContent>
    </Card>
  );
}
