import { useId, useState } from 'react';
import { MAX_APPEAL_LENGTH, MAX_INFLUENCER_NAME_LENGTH, PUBLISH_CONSENT_TEXT, UPLOAD_CONSENT_TEXT, type InfluencerProject } from '@lipcast/contracts';
import { Button, Input, Label, TextareaField } from '@lipcast/ui';
import { toast, useBusy } from '@lipcast/web-kit';
import { appealProject, errorText, publishProject, unpublishProject } from './creator-api';

type PanelProject = Pick<InfluencerProject, 'id' | 'isApproved' | 'name' | 'imageKind' | 'moderation'>;

/**
 * Publishing one influencer to the community gallery: private until its owner gives it a name and
 * ticks the consent box (for an uploaded photo, rights to the image and the person's consent);
 * unpublishing takes it out again at once. An influencer that moderation holds says so, with the
 * reason, instead of offering to publish it.
 */
export function PublishPanel({ project, onChange }: { project: PanelProject; onChange: (project: InfluencerProject) => void }) {
  if (project.moderation.state !== 'visible') return <ModerationNotice project={project} onChange={onChange} />;
  return <PublishControls project={project} onChange={onChange} />;
}

function PublishControls({ project, onChange }: { project: PanelProject; onChange: (project: InfluencerProject) => void }) {
  const ids = { name: useId(), consent: useId() };
  const [name, setName] = useState(project.name ?? '');
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const consentText = project.imageKind === 'upload' ? UPLOAD_CONSENT_TEXT : PUBLISH_CONSENT_TEXT;

  async function run(action: () => Promise<InfluencerProject>, done: string, failed: string) {
    if (busy) return;
    setBusy(true);
    try {
      const changed = await action();
      setConsent(false);
      onChange(changed);
      toast({ title: done, variant: 'success' });
    } catch (error) {
      toast({ title: failed, description: errorText(error, failed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  if (project.isApproved) {
    return (
      <div className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
        <p className="text-sm text-emerald-800">Published to the community gallery as “{project.name}”.</p>
        <Button variant="outline" disabled={busy} onClick={() => void run(() => unpublishProject(project.id), 'Influencer unpublished', 'Failed to unpublish')}>
          Unpublish
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 p-4">
      <p className="text-sm text-slate-600">This influencer is private: only you can see it.</p>
      <div className="space-y-2">
        <Label htmlFor={ids.name}>Name in the gallery</Label>
        <Input id={ids.name} value={name} maxLength={MAX_INFLUENCER_NAME_LENGTH} onChange={(event) => setName(event.target.value)} placeholder="e.g. Coach Mia" />
      </div>
      <label htmlFor={ids.consent} className="flex items-start gap-2 text-sm text-slate-700">
        <input id={ids.consent} type="checkbox" className="mt-0.5 h-4 w-4" checked={consent} onChange={(event) => setConsent(event.target.checked)} />
        <span>{consentText}</span>
      </label>
      <Button
        disabled={busy || !consent || !name.trim()}
        onClick={() => void run(() => publishProject(project.id, name), 'Influencer published', 'Failed to publish')}
      >
        Publish to the community
      </Button>
    </div>
  );
}

/** "Under review" or "Removed", with the reason given and the owner's one appeal. */
function ModerationNotice({ project, onChange }: { project: PanelProject; onChange: (project: InfluencerProject) => void }) {
  const { state, reason, appealed } = project.moderation;
  const [message, setMessage] = useState('');
  const { busy, run } = useBusy((error) => toast({ title: 'Failed to send the appeal', description: errorText(error, 'Failed to send the appeal'), variant: 'destructive' }));

  function appeal() {
    if (busy || !message.trim()) return;
    void run(async () => {
      onChange(await appealProject(project.id, message));
      toast({ title: 'Appeal sent', description: 'An operator will read it and decide.', variant: 'success' });
    });
  }

  return (
    <div role="status" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">
        {state === 'in_review' ? 'Under review: this influencer is out of the community gallery until an operator decides.' : 'Removed by an operator: it is out of the gallery and cannot be used in new videos.'}
      </p>
      {reason && <p className="text-sm text-amber-900">Reason: {reason}</p>}
      {appealed ? (
        <p className="text-sm text-amber-900">You appealed this decision. An operator will read it.</p>
      ) : (
        <div className="space-y-2">
          <TextareaField
            label="Appeal (once): why should it stay?"
            value={message}
            maxLength={MAX_APPEAL_LENGTH}
            onChange={(event) => setMessage(event.target.value)}
            placeholder="e.g. This is my own face, and I agreed to publish it."
          />
          <Button variant="outline" disabled={busy || !message.trim()} onClick={appeal}>
            Send appeal
          </Button>
        </div>
      )}
    </div>
  );
}
