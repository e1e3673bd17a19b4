import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { BlogPost } from '@lipcast/contracts';
import { Card } from '@lipcast/ui';
import { PostCard } from './PostCard';
import { type BlogHashtag, fetchPublishedPosts, POSTS_EMPTY_MESSAGE, POSTS_ERROR_MESSAGE, POSTS_QUERY_KEY, postHasTag } from './blog-posts';

/** How many placeholder cards hold the grid's place while the posts load: a first page has at least this many. */
const PLACEHOLDER_CARDS = 3;

/** A card's outline with its lines as grey bars, the height of a real card, so nothing below moves when the posts arrive. */
function PostCardPlaceholder() {
  return (
    <Card className="h-full">
      <div aria-hidden="true" className="flex h-full animate-pulse flex-col gap-3 p-6">
        <div className="h-5 w-1/2 rounded bg-slate-200" />
        <div className="h-7 w-4/5 rounded bg-slate-200" />
        <div className="space-y-1 py-0.5">
          <div className="h-4 rounded bg-slate-100" />
          <div className="h-4 rounded bg-slate-100" />
          <div className="h-4 w-2/3 rounded bg-slate-100" />
        </div>
      </div>
    </Card>
  );
}

/** The published posts (only `tag`'s, when given) as a grid of cards (1, 2 or 3 columns), with loading, error and empty states. */
export function PostList({ tag = null }: { tag?: BlogHashtag | null }) {
  const { data: posts, isLoading, isError } = useQuery<BlogPost[]>({ queryKey: POSTS_QUERY_KEY, queryFn: fetchPublishedPosts });

  if (isLoading) {
    return (
      <div role="status" aria-label="Loading blog posts" aria-busy="true" className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <PostCardPlaceholder key={index} />
        ))}
      </div>
    );
  }
  if (isError || !posts) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {POSTS_ERROR_MESSAGE}
      </p>
    );
  }
  if (posts.length === 0) {
    return <p className="rounded-xl border border-dashed border-neutral-300 p-10 text-center text-slate-600">{POSTS_EMPTY_MESSAGE}</p>;
  }
  const shown = tag ? posts.filter((post) => postHasTag(post, tag)) : posts;
  if (shown.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-neutral-300 p-10 text-center text-slate-600">
        No posts tagged {tag} yet.{' '}
        <Link to="/blog" className="font-medium text-brand-700 hover:underline">
          See all posts
        </Link>
      </p>
    );
  }
  return (
    <ul aria-label="Blog posts" className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {shown.map((post) => (
        <li key={post.id}>
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  );
}
