import { useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@lipcast/contracts';
import { Spinner } from '@lipcast/ui';
import { PostCard } from './PostCard';
import { fetchPublishedPosts, POSTS_EMPTY_MESSAGE, POSTS_ERROR_MESSAGE, POSTS_QUERY_KEY } from './blog-posts';

/** The published posts as a grid of cards (1, 2 or 3 columns), with loading, error and empty states. */
export function PostList() {
  const { data: posts, isLoading, isError } = useQuery<BlogPost[]>({ queryKey: POSTS_QUERY_KEY, queryFn: fetchPublishedPosts });

  if (isLoading) {
    return (
      <div className="flex justify-center py-12">
        <Spinner size="lg" label="Loading blog posts" />
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
  return (
    <ul aria-label="Blog posts" className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  );
}
