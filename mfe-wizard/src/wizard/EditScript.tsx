import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { changedSentence, mediaDownloadUrl, RevisionMessages, type VideoVersion } from '@lipcast/contracts';
import { Button, cn, Label, Textarea } from '@lipcast/ui';

export const EDIT_SCRIPT_HINT = 'Change one sentence. Only that sentence is made again.';

/** How many free fixes the video has left, or that this one costs a generation. */
export const fixesLeftText = (left: number) => (left > 0 ? `${left} free fix${left === 1 ? '' : 'es'} left` : 'Free fixes used: this fix uses 1 generation');

/** What the live check says of an edit: the sentence it changes, or why it is not a one-sentence fix. */
export function editCheck(script: string, edited: string): { ok: true; text: string } | { ok: false; text: string } {
  const change = changedSentence(script, edited);
  if ('refused' in change) return { ok: false, text: change.refused };
  return { ok: true, text: `Sentence ${change.index + 1} changes: “${change.before}” becomes “${change.after}”` };
}

/**
 * "Edit script" (issue 36, item 5): the finished video's script in a labelled text area, a live check
 * of the edit (one sentence changed, in `RevisionMessages`' words otherwise), and the submit that
 * makes the new version; the POST's error beside the text area. Escape or Cancel closes it.
 */
export function EditScript({
  id,
  script,
  freeFixesLeft,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  id?: string;
  script: string;
  freeFixesLeft: number;
  busy: boolean;
  error: string | null;
  onSubmit: (script: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(script);
  const field = useRef<HTMLTextAreaElement>(null);
  const ids = { field: useId(), hint: useId(), fixes: useId(), check: useId(), error: useId() };
  const check = editCheck(script, text);
  // Opened: the text area takes the focus, so the keyboard goes on where the button was.
  useEffect(() => field.current?.focus(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (check.ok && !busy) onSubmit(text);
  }

  return (
    <form
      id={id}
      aria-label="Edit script"
      className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <Label htmlFor={ids.field}>Script</Label>
      <p id={ids.hint} className="text-sm text-slate-600">
        {EDIT_SCRIPT_HINT}
      </p>
      <Textarea
        ref={field}
        id={ids.field}
        rows={5}
        value={text}
        readOnly={busy}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={!!error || (!check.ok && check.text !== RevisionMessages.unchanged)}
        aria-describedby={[ids.hint, ids.fixes, ids.check, error ? ids.error : null].filter(Boolean).join(' ')}
      />
      <p id={ids.fixes} className="text-sm text-slate-600">
        {fixesLeftText(freeFixesLeft)}
      </p>
      <p id={ids.check} aria-live="polite" data-testid="edit-check" className={cn('text-sm', check.ok ? 'text-emerald-700' : 'text-amber-700')}>
        {check.text}
      </p>
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={!check.ok || busy} aria-busy={busy}>
          Make new version
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The versions of a video, each downloadable by its own link, when it has more than one. */
export function VersionList({ versions, fileName }: { versions: VideoVersion[]; fileName: string }) {
  const headingId = useId();
  if (versions.length < 2) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-sm font-medium text-slate-700">
        Versions
      </h2>
      <ul className="space-y-1 text-sm">
        {versions.map((version) => {
          const name = fileName.replace(/\.mp4$/, `-v${version.version}.mp4`);
          return (
            <li key={version.version}>
              <a className="text-brand-700 underline-offset-4 hover:underline" href={mediaDownloadUrl(version.url, name)} download={name}>
                {`Version ${version.version}${version.current ? ' (current)' : ''}`}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
