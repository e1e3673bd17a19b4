import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { API_ROUTES, type AdminPost } from '@lipcast/contracts';
import { Badge, Button, type BadgeVariant } from '@lipcast/ui';
import { routeQuery } from '@lipcast/web-kit';
import { formatDateTime } from '../common/format';
import { LoadState } from '../common/LoadState';
import { cellClass, Table } from '../common/Table';
import { PostForm } from './PostForm';

const STATUS_BADGE: Record<AdminPost['status'], BadgeVariant> = { draft: 'outline', scheduled: 'info', published: 'success' };

/** Loads the whole post (with its body) before the form opens on it. */
function EditPost({ id, onDone }: { id: number; onDone: () => void }) {
  const { data: post, isLoading, error } = useQuery({ ...routeQuery(API_ROUTES.admin.post(id)), staleTime: 0 });
  if (!post) return <LoadState isLoading={isLoading} error={error} label="the post" />;
  return <PostForm post={post} onDone={onDone} />;
}

/** Blog posts in every state; create, edit, schedule and publish them. */
export function PostsTab() {
  const { data, isLoading, error } = useQuery({ ...routeQuery(API_ROUTES.admin.posts), staleTime: 0 });
  // What the form is open on: a new post, a post's id, or nothing.
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const close = () => setEditing(null);
  return (
    <section aria-labelledby="posts-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="posts-heading" className="text-xl font-semibold text-slate-900">
          Blog posts
        </h2>
        <Button onClick={() => setEditing('new')} disabled={editing === 'new'}>
          New post
        </Button>
      </div>
      {editing === 'new' && <PostForm post={null} onDone={close} />}
      {typeof editing === 'number' && <EditPost key={editing} id={editing} onDone={close} />}
      <LoadState isLoading={isLoading} error={error} label="posts" />
      {data && (
        <Table caption="Blog posts" columns={['Title', 'Status', 'Publication', 'Author', '']} empty={data.posts.length === 0 && 'No post yet'}>
          {data.posts.map((post) => (
            <tr key={post.id}>
              <th scope="row" className={`${cellClass} font-medium`}>
                {post.title}
                <span className="block font-mono text-xs font-normal text-slate-500">/blog/{post.slug}</span>
              </th>
              <td className={cellClass}>
                <Badge variant={STATUS_BADGE[post.status]}>{post.status}</Badge>
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(post.publishedAt)}</td>
              <td className={cellClass}>{post.author ?? '—'}</td>
              <td className={cellClass}>
                <Button variant="outline" size="sm" aria-label={`Edit ${post.title}`} onClick={() => setEditing(post.id)}>
                  Edit
                </Button>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
