import type { BlogPost } from '@lipcast/contracts';
import { formatPostDate, postDate } from './blog-posts';

/** The date (US short format) and, when known, the author. */
export function PostByline({ post }: { post: Pick<BlogPost, 'publishedAt' | 'createdAt' | 'author'> }) {
  const date = postDate(post);
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-500">
      <time dateTime={date}>{formatPostDate(date)}</time>
      {post.author && (
        <>
          <span aria-hidden="true">·</span>
          <span>{post.author}</span>
        </>
      )}
    </p>
  );
}
