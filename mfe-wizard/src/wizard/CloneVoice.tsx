import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, MAX_CLONED_VOICE_NAME_LENGTH, VOICE_CONSENT_TEXT, VoiceCloneMessages, type OwnVoiceList } from '@lipcast/contracts';
import { Button, ConsentField, Input, Label } from '@lipcast/ui';
import { ApiError, callApi, routeQuery, toast } from '@lipcast/web-kit';

type Field = 'name' | 'consent' | 'audio';

/** The field a refusal belongs beside (`details.field` of a 400), or null for anything else. */
function refusedField(error: unknown): Field | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const field = (error.body as { details?: { field?: unknown } } | null)?.details?.field;
  return field === 'name' || field === 'consent' || field === 'audio' ? field : null;
}

/**
 * "Clone my voice" (issue 35, item 5): after the creator's own recording is uploaded, it can be cloned
 * at the provider as their private voice (10-60 s, with the voice consent ticked again and a name).
 * Where the server has no provider key the button is not offered and the page says why. Their cloned
 * voices are listed under "Your voices", each with Delete.
 */
export function CloneVoice({ recording }: { recording: { url: string; durationSeconds: number } | null }) {
  const ids = { heading: useId(), name: useId(), nameError: useId(), audioError: useId() };
  const queryClient = useQueryClient();
  const { data } = useQuery(routeQuery(API_ROUTES.ownVoices));
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  if (!data) return null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: [API_ROUTES.ownVoices.path] });
  const fits = recording !== null && recording.durationSeconds >= data.sampleSeconds.min && recording.durationSeconds <= data.sampleSeconds.max;

  async function clone() {
    if (!recording) return;
    const missing: Partial<Record<Field, string>> = {};
    if (!name.trim()) missing.name = VoiceCloneMessages.noName;
    if (!consent) missing.consent = VoiceCloneMessages.consent;
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const voice = await callApi(API_ROUTES.cloneVoice, { body: { audio: recording.url, consent: true, name: name.trim() } });
      toast({ title: 'Your Voice Is Cloned', description: `"${voice.name}" is one of your voices now.`, variant: 'success' });
      setName('');
      setConsent(false);
      await refresh();
    } catch (error) {
      const field = refusedField(error);
      const message = error instanceof Error ? error.message : String(error);
      if (field) setErrors({ [field]: message });
      else toast({ title: 'Could Not Clone Your Voice', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function remove(voiceId: string, voiceName: string) {
    try {
      await callApi(API_ROUTES.deleteOwnVoice(voiceId));
      toast({ title: 'Voice Deleted', description: `"${voiceName}" is gone.`, variant: 'success' });
      await refresh();
    } catch (error) {
      toast({ title: 'Could Not Delete The Voice', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby={ids.heading} className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h3 id={ids.heading} className="text-sm font-semibold text-slate-900">
        Clone my voice
      </h3>
      {!data.cloning ? (
        <p className="text-sm text-slate-600">{data.reason}</p>
      ) : !fits ? (
        <p className="text-sm text-slate-600">
          Upload {data.sampleSeconds.min} to {data.sampleSeconds.max} seconds of your voice above, then clone it to speak any script in it.
        </p>
      ) : (
        <div className="space-y-3">
          <div className="space-y-1">
            <Label htmlFor={ids.name}>Voice name</Label>
            <Input
              id={ids.name}
              value={name}
              maxLength={MAX_CLONED_VOICE_NAME_LENGTH}
              disabled={busy}
              aria-invalid={!!errors.name}
              aria-describedby={errors.name ? ids.nameError : undefined}
              onChange={(event) => setName(event.target.value)}
            />
            {errors.name && (
              <p id={ids.nameError} className="text-sm text-red-600">
                {errors.name}
              </p>
            )}
          </div>
          <ConsentField text={VOICE_CONSENT_TEXT} checked={consent} onCheckedChange={setConsent} error={errors.consent} disabled={busy} />
          <Button type="button" onClick={() => void clone()} disabled={busy} aria-busy={busy} aria-describedby={errors.audio ? ids.audioError : undefined}>
            {busy ? 'Cloning Your Voice...' : 'Clone my voice'}
          </Button>
          {errors.audio && (
            <p id={ids.audioError} className="text-sm text-red-600">
              {errors.audio}
            </p>
          )}
        </div>
      )}
      {data.voices.length > 0 && <YourVoices voices={data.voices} onDelete={(id, voiceName) => void remove(id, voiceName)} />}
    </section>
  );
}

function YourVoices({ voices, onDelete }: { voices: OwnVoiceList['voices']; onDelete: (id: string, name: string) => void }) {
  const heading = useId();
  return (
    <div className="space-y-2">
      <h4 id={heading} className="text-sm font-medium text-slate-700">
        Your voices
      </h4>
      <ul aria-labelledby={heading} className="space-y-1">
        {voices.map((voice) => (
          <li key={voice.id} className="flex items-center justify-between gap-2 text-sm text-slate-800">
            <span className="truncate">{voice.name}</span>
            <Button type="button" variant="outline" className="min-h-11" aria-label={`Delete ${voice.name}`} onClick={() => onDelete(voice.id, voice.name)}>
              Delete
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
