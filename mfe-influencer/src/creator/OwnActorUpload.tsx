import { useEffect, useId, useRef, useState } from 'react';
import { ACTOR_CLIP_TYPES, LIKENESS_CONSENT_TEXT, MAX_OWN_ACTOR_NAME_LENGTH, OwnActorMessages, type OwnActor, type OwnActorClipLimits } from '@lipcast/contracts';
import { Button, ConsentField, Input, Label, Progress } from '@lipcast/ui';
import { toast } from '@lipcast/web-kit';
import { errorText } from './creator-api';
import { clipLimitsText, refusedField, uploadOwnActor, type OwnActorField } from './own-actors-api';

type FieldErrors = Partial<Record<OwnActorField, string>>;
/** Sending the bytes (with their percent), then the server's check (a few seconds) until it answers. */
type Phase = { state: 'idle' } | { state: 'sending'; percent: number } | { state: 'checking' };

const CLIP_TYPES = Object.keys(ACTOR_CLIP_TYPES);
const MEGABYTE = 1024 * 1024;

/** What the form can tell before sending anything; the server checks the same and more (length, size, one face). */
function formErrors(clip: File | null, name: string, consent: boolean, limits: OwnActorClipLimits): FieldErrors {
  const errors: FieldErrors = {};
  if (!clip) errors.clip = OwnActorMessages.noClip;
  else if (!CLIP_TYPES.includes(clip.type)) errors.clip = OwnActorMessages.clipType;
  else if (clip.size > limits.maxMegabytes * MEGABYTE) errors.clip = OwnActorMessages.tooLarge(limits.maxMegabytes);
  if (!name.trim()) errors.name = OwnActorMessages.noName;
  if (!consent) errors.consent = OwnActorMessages.consent;
  return errors;
}

/**
 * The upload of a clip of oneself (issue 35): the clip, its name and the likeness consent, which
 * must be ticked before anything is sent. Each refusal, the form's or the server's, is said beside
 * its field and focuses it.
 */
export function OwnActorUpload({ limits, onCreated }: { limits: OwnActorClipLimits; onCreated: (actor: OwnActor) => void }) {
  const ids = { clip: useId(), clipHint: useId(), name: useId(), progress: useId() };
  const errorId = (field: 'clip' | 'name') => `${ids[field]}-error`;
  const clipInput = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const consentInput = useRef<HTMLInputElement>(null);
  const [clip, setClip] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [phase, setPhase] = useState<Phase>({ state: 'idle' });
  const busy = phase.state !== 'idle';

  // The first refused field takes the focus once the form is enabled again (a disabled field cannot).
  useEffect(() => {
    if (busy) return;
    const first = ([['clip', clipInput], ['name', nameInput], ['consent', consentInput]] as const).find(([field]) => errors[field]);
    first?.[1].current?.focus();
  }, [errors, busy]);

  async function upload() {
    if (busy) return;
    const found = formErrors(clip, name, consent, limits);
    if (Object.keys(found).length > 0 || !clip) return setErrors(found);
    setErrors({});
    setPhase({ state: 'sending', percent: 0 });
    try {
      const actor = await uploadOwnActor(clip, name, (percent) => setPhase(percent < 100 ? { state: 'sending', percent } : { state: 'checking' }));
      setClip(null);
      setName('');
      setConsent(false);
      if (clipInput.current) clipInput.current.value = '';
      onCreated(actor);
    } catch (error) {
      const field = refusedField(error);
      if (field) setErrors({ [field]: errorText(error, OwnActorMessages.noClip) });
      else toast({ title: 'Upload failed', description: errorText(error, 'The clip could not be uploaded.'), variant: 'destructive' });
    } finally {
      setPhase({ state: 'idle' });
    }
  }

  const describedBy = (...describers: (string | false)[]) => describers.filter(Boolean).join(' ') || undefined;
  return (
    <form
      noValidate
      aria-label="Upload your own actor"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void upload();
      }}
    >
      <div className="space-y-2">
        <Label htmlFor={ids.clip}>Video clip</Label>
        <input
          ref={clipInput}
          id={ids.clip}
          type="file"
          accept={CLIP_TYPES.join(',')}
          disabled={busy}
          aria-invalid={!!errors.clip}
          aria-describedby={describedBy(ids.clipHint, !!errors.clip && errorId('clip'))}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-neutral-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
          onChange={(event) => setClip(event.target.files?.[0] ?? null)}
        />
        <p id={ids.clipHint} className="text-sm text-slate-600">
          {clipLimitsText(limits)}. One person, face clearly visible, talking or still.
        </p>
        <FieldError id={errorId('clip')} message={errors.clip} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={ids.name}>Actor name</Label>
        <Input
          ref={nameInput}
          id={ids.name}
          value={name}
          maxLength={MAX_OWN_ACTOR_NAME_LENGTH}
          disabled={busy}
          aria-invalid={!!errors.name}
          aria-describedby={describedBy(!!errors.name && errorId('name'))}
          onChange={(event) => setName(event.target.value)}
          placeholder="e.g. Me at my desk"
        />
        <FieldError id={errorId('name')} message={errors.name} />
      </div>
      <ConsentField text={LIKENESS_CONSENT_TEXT} checked={consent} onCheckedChange={setConsent} error={errors.consent} disabled={busy} inputRef={consentInput} />
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {busy ? 'Uploading...' : 'Upload clip'}
      </Button>
      {phase.state === 'sending' && (
        <div className="flex items-center gap-3">
          <Progress id={ids.progress} value={phase.percent} aria-label="Upload progress" className="flex-1" />
          <span className="text-sm text-slate-700 tabular-nums">{phase.percent}%</span>
        </div>
      )}
      <p role="status" aria-live="polite" className="text-sm text-slate-600 empty:hidden">
        {phase.state === 'checking' && 'Checking your clip…'}
      </p>
    </form>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-600">
      {message}
    </p>
  );
}
