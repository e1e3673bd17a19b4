import { useId, useState, type FormEvent, type MouseEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPES, API_ROUTES, type ApiKeyScope, type ApiKeySummary, type CreatedApiKey } from '@lipcast/contracts';
import {
  AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogFooter, AlertDialogTrigger, Badge, Button, Card, CardContent,
  CardDescription, CardHeader, CardTitle, Input, Label,
} from '@lipcast/ui';
import { callApi, routeQuery, toast } from '@lipcast/web-kit';
import { formatUsDate } from './subscription-summary';

export const API_KEYS_ERROR_MESSAGE = 'Your API keys could not be loaded. Please try again later.';

/** What each scope lets a key do, as the form explains it. */
export const SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  'videos:read': 'List actors, voices and your videos',
  'videos:write': 'Create videos (spends credits as the app does)',
  'webhooks:manage': 'Manage webhook endpoints',
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/** A date picked in the form (`YYYY-MM-DD`) as the end of that day in the user's time zone. */
export function endOfDay(date: string): string {
  return new Date(`${date}T23:59:59.999`).toISOString();
}

/** Today as the date input's `min` (`YYYY-MM-DD`, local). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const isExpired = (key: ApiKeySummary) => key.expiresAt !== null && Date.parse(key.expiresAt) <= Date.now();

/**
 * Keys for the public API (`/api/v1`, see /api/v1/docs): create one with a name, its scopes and an
 * optional expiry, see it once to copy it, list them (prefix, scopes, dates) and revoke them.
 */
export function ApiKeys() {
  const queryClient = useQueryClient();
  const keysQuery = routeQuery(API_ROUTES.apiKeys);
  const { data: keys, isLoading, isError } = useQuery(keysQuery);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: keysQuery.queryKey });

  return (
    <Card role="region" aria-label="API keys">
      <CardHeader>
        <CardTitle>API keys</CardTitle>
        <CardDescription>
          Call Lipcast from your own programs with <code>Authorization: Bearer &lt;key&gt;</code>. See the{' '}
          <a className="underline" href="/api/v1/docs">
            API documentation
          </a>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <CreateKeyForm
          onCreated={(key) => {
            setCreated(key);
            void refresh();
          }}
        />
        {created && <NewKey created={created} onDone={() => setCreated(null)} />}
        {isLoading ? (
          <p className="text-sm text-slate-600">Loading your API keys...</p>
        ) : isError || !keys ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            {API_KEYS_ERROR_MESSAGE}
          </p>
        ) : (
          <KeyList keys={keys} onRevoked={() => void refresh()} />
        )}
      </CardContent>
    </Card>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const nameId = useId();
  const expiryId = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['videos:read']);
  const [expiry, setExpiry] = useState('');
  const [busy, setBusy] = useState(false);

  const toggle = (scope: ApiKeyScope, on: boolean) => setScopes((current) => (on ? [...current, scope] : current.filter((held) => held !== scope)));

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const key = await callApi(API_ROUTES.createApiKey, { body: { name: name.trim(), scopes, expiresAt: expiry ? endOfDay(expiry) : null } });
      setName('');
      setExpiry('');
      onCreated(key);
    } catch (error) {
      toast({ title: 'The API key could not be created', description: errorText(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form aria-label="Create an API key" className="grid gap-4 sm:grid-cols-2" onSubmit={(event) => void create(event)}>
      <div className="space-y-2">
        <Label htmlFor={nameId}>Key name</Label>
        <Input id={nameId} value={name} maxLength={API_KEY_NAME_MAX_LENGTH} placeholder="e.g. CI pipeline" required onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={expiryId}>Expires on (optional)</Label>
        <Input id={expiryId} type="date" min={today()} value={expiry} onChange={(event) => setExpiry(event.target.value)} />
      </div>
      <fieldset className="space-y-2 sm:col-span-2">
        <legend className="text-sm font-medium text-neutral-800">Scopes</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" className="mt-0.5" checked={scopes.includes(scope)} onChange={(event) => toggle(scope, event.target.checked)} />
            <span>
              <code>{scope}</code>: {SCOPE_DESCRIPTIONS[scope]}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy || name.trim() === '' || scopes.length === 0}>
          {busy ? 'Creating...' : 'Create key'}
        </Button>
      </div>
    </form>
  );
}

/** The new key, this once: copy it now. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const keyId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      toast({ title: 'API key copied', variant: 'success' });
    } catch {
      toast({ title: 'The key could not be copied', description: 'Select it and copy it by hand.', variant: 'destructive' });
    }
  }

  return (
    <div role="status" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">Copy your new key &ldquo;{created.name}&rdquo; now: it will not be shown again.</p>
      <Label htmlFor={keyId}>Your new API key</Label>
      <div className="flex gap-2">
        <Input id={keyId} readOnly value={created.key} className="min-w-0 font-mono" onFocus={(event) => event.target.select()} />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          Copy
        </Button>
      </div>
      <Button type="button" variant="ghost" onClick={onDone}>
        I have copied it
      </Button>
    </div>
  );
}

function KeyList({ keys, onRevoked }: { keys: ApiKeySummary[]; onRevoked: () => void }) {
  if (keys.length === 0) return <p className="text-sm text-slate-600">No API keys yet.</p>;
  return (
    <ul aria-label="Your API keys" className="divide-y divide-neutral-200 rounded-lg border border-neutral-200">
      {keys.map((key) => (
        <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
          <div className="space-y-1">
            <p className="font-medium text-slate-900">
              {key.name} <code className="ml-1 text-sm text-slate-600">{key.prefix}…</code>
            </p>
            <p className="flex flex-wrap gap-1">
              {key.scopes.map((scope) => (
                <Badge key={scope} variant="secondary">
                  {scope}
                </Badge>
              ))}
              {isExpired(key) && <Badge variant="destructive">Expired</Badge>}
            </p>
            <p className="text-xs text-slate-600">
              Created {formatUsDate(key.createdAt)} · Last used {formatUsDate(key.lastUsedAt) ?? 'never'} · Expires {formatUsDate(key.expiresAt) ?? 'never'}
            </p>
          </div>
          <RevokeKey apiKey={key} onRevoked={onRevoked} />
        </li>
      ))}
    </ul>
  );
}

function RevokeKey({ apiKey, onRevoked }: { apiKey: ApiKeySummary; onRevoked: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function revoke(event: MouseEvent) {
    // Keeps the dialog open, busy, until the server has answered.
    event.preventDefault();
    setBusy(true);
    try {
      await callApi(API_ROUTES.revokeApiKey(apiKey.id));
      toast({ title: `API key "${apiKey.name}" revoked`, variant: 'success' });
      setOpen(false);
      onRevoked();
    } catch (error) {
      toast({ title: 'The API key could not be revoked', description: errorText(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" aria-label={`Revoke ${apiKey.name}`}>
          Revoke
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent title={`Revoke "${apiKey.name}"?`} description="Programs using this key stop working at once. This cannot be undone.">
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Keep the key</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={(event) => void revoke(event)} disabled={busy}>
            {busy ? 'Revoking...' : 'Revoke key'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
