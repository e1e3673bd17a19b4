import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPES, API_ROUTES, type ApiKeyScope, type ApiKeySummary, type CreatedApiKey } from '@lipcast/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label } from '@lipcast/ui';
import { callApi, routeQuery, toast, useBusy } from '@lipcast/web-kit';
import { Checklist } from './Checklist';
import { ConfirmDelete } from './ConfirmDelete';
import { toastFailure } from './failure-toast';
import { ShownOnceSecret } from './ShownOnceSecret';
import { Loaded } from './Loaded';
import { formatUsDate } from './subscription-summary';

export const API_KEYS_ERROR_MESSAGE = 'Your API keys could not be loaded. Please try again later.';

/** What each scope lets a key do, as the form explains it. */
export const SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  'videos:read': 'List actors, voices and your videos',
  'videos:write': 'Create videos (spends credits as the app does)',
  'webhooks:manage': 'Manage webhook endpoints',
};

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
  const keys = useQuery(keysQuery);
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
        {created && (
          <ShownOnceSecret
            warning={<>Copy your new key &ldquo;{created.name}&rdquo; now: it will not be shown again.</>}
            label="Your new API key"
            value={created.key}
            copiedTitle="API key copied"
            notCopiedTitle="The key could not be copied"
            onDone={() => setCreated(null)}
          />
        )}
        <Loaded query={keys} loading="Loading your API keys..." failed={API_KEYS_ERROR_MESSAGE}>
          {(data) => <KeyList keys={data} onRevoked={() => void refresh()} />}
        </Loaded>
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
  const { busy, run } = useBusy((error) => toastFailure('The API key could not be created', error));

  function create(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const key = await callApi(API_ROUTES.createApiKey, { body: { name: name.trim(), scopes, expiresAt: expiry ? endOfDay(expiry) : null } });
      setName('');
      setExpiry('');
      onCreated(key);
    });
  }

  return (
    <form aria-label="Create an API key" className="grid gap-4 sm:grid-cols-2" onSubmit={create}>
      <div className="space-y-2">
        <Label htmlFor={nameId}>Key name</Label>
        <Input id={nameId} value={name} maxLength={API_KEY_NAME_MAX_LENGTH} placeholder="e.g. CI pipeline" required onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={expiryId}>Expires on (optional)</Label>
        <Input id={expiryId} type="date" min={today()} value={expiry} onChange={(event) => setExpiry(event.target.value)} />
      </div>
      <Checklist legend="Scopes" options={API_KEY_SCOPES} descriptions={SCOPE_DESCRIPTIONS} checked={scopes} onChange={setScopes} className="space-y-2 sm:col-span-2" />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy || name.trim() === '' || scopes.length === 0}>
          {busy ? 'Creating...' : 'Create key'}
        </Button>
      </div>
    </form>
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
          <ConfirmDelete
            texts={{
              trigger: 'Revoke',
              triggerName: `Revoke ${key.name}`,
              title: `Revoke "${key.name}"?`,
              description: 'Programs using this key stop working at once. This cannot be undone.',
              keep: 'Keep the key',
              confirm: 'Revoke key',
              busy: 'Revoking...',
              failed: 'The API key could not be revoked',
            }}
            onConfirm={async () => {
              await callApi(API_ROUTES.revokeApiKey(key.id));
              toast({ title: `API key "${key.name}" revoked`, variant: 'success' });
              onRevoked();
            }}
          />
        </li>
      ))}
    </ul>
  );
}
