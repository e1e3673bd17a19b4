import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, type AdminPost } from '@lipcast/contracts';
import { Button, Label, TextareaField } from '@lipcast/ui';
import { callApi, toast, useBusy } from '@lipcast/web-kit';
import { errorText, refreshAdminData } from '../admin-api';
import { TextField } from '../common/fields';
import { EMPTY_POST_FORM, postToForm, slugFrom, validatePostForm, type PostFormErrors, type PostFormInput, type Publication } from '../forms/post-form';

const PUBLICATIONS: readonly { value: Publication; label: string }[] = [
  { value: 'draft', label: 'Keep as a draft' },
  { value: 'now', label: 'Publish now' },
  { value: 'schedule', label: 'Publish at a date and time (UTC)' },
];

/** Creates a post (no `post`) or edits one; the content service stores it and `/blog` shows it from its publication time. */
export function PostForm({ post, onDone }: { post: AdminPost | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [input, setInput] = useState<PostFormInput>(post ? postToForm(post) : EMPTY_POST_FORM);
  const [errors, setErrors] = useState<PostFormErrors>({});
  const { busy: sending, run } = useBusy((failure) => toast({ title: 'Could not save the post', description: errorText(failure), variant: 'destructive' }));
  // A new post's slug follows its title until the operator types a slug of their own.
  const [slugTouched, setSlugTouched] = useState(post !== null);
  const set = (field: keyof PostFormInput) => (event: { target: { value: string } }) => setInput({ ...input, [field]: event.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validatePostForm(input, new Date(), post?.publishedAt ?? null);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    void run(async () => {
      await callApi(post ? API_ROUTES.admin.updatePost(post.id) : API_ROUTES.admin.createPost, { body: checked.body });
      const published = checked.body.publishedAt === null ? 'saved as a draft' : input.publication === 'now' ? 'published' : 'scheduled';
      toast({ title: `Post ${published}`, variant: 'success' });
      await refreshAdminData(queryClient);
      onDone();
    });
  }

  return (
    <form aria-labelledby="post-form-heading" onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-200 p-4">
      <h3 id="post-form-heading" className="text-lg font-semibold text-slate-900">
        {post ? `Edit “${post.title}”` : 'New post'}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Title"
          value={input.title}
          onChange={(event) => setInput({ ...input, title: event.target.value, slug: slugTouched ? input.slug : slugFrom(event.target.value) })}
          error={errors.title}
        />
        <TextField
          label="Slug"
          value={input.slug}
          onChange={(event) => {
            setSlugTouched(true);
            set('slug')(event);
          }}
          error={errors.slug}
          hint={`The address: /blog/${input.slug || '…'}`}
        />
      </div>
      <TextareaField label="Excerpt" value={input.excerpt} onChange={set('excerpt')} error={errors.excerpt} className="min-h-16" />
      <TextareaField label="Body (Markdown)" value={input.body} onChange={set('body')} error={errors.body} className="min-h-64 font-mono" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Featured image address (optional)" value={input.featuredImage} onChange={set('featuredImage')} error={errors.featuredImage} />
        <TextField label="Author (optional)" value={input.author} onChange={set('author')} />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-neutral-800">Publication</legend>
        {PUBLICATIONS.map((choice) => (
          <div key={choice.value} className="flex items-center gap-2">
            <input
              type="radio"
              id={`publication-${choice.value}`}
              name="publication"
              value={choice.value}
              checked={input.publication === choice.value}
              onChange={() => setInput({ ...input, publication: choice.value })}
              className="size-4 accent-brand-600"
            />
            <Label htmlFor={`publication-${choice.value}`}>{choice.label}</Label>
          </div>
        ))}
      </fieldset>
      {input.publication === 'schedule' && (
        <TextField label="Publish at (UTC)" type="datetime-local" value={input.scheduledAt} onChange={set('scheduledAt')} error={errors.scheduledAt} className="max-w-xs" />
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={sending}>
          {sending ? 'Saving...' : 'Save post'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Discard changes
        </Button>
      </div>
    </form>
  );
}
