import { Link } from 'react-router-dom';
import type { BlogPost } from '@lipcast/contracts';
import { Card } from '@lipcast/ui';
import { PostByline } from './PostByline';
import { postPath } from './blog-posts';

/** One post in the grid: date, author, title and a three-line excerpt; the whole card opens the post. */
export function PostCard({ post }: { post: BlogPost }) {
  return (
    <Card className="relative h-full transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md">
      <article className="flex h-full flex-col gap-3 p-6">
        <PostByline post={post} />
        <h2 className="text-lg font-semibold text-slate-900">
          {/* The link covers the card (after:inset-0) so the whole card is one click target and one tab stop. */}
          <Link to={postPath(post.slug)} className="after:absolute after:inset-0 focus-visible:outline-none">
            {post.title}
          </Link>
        </h2>
        <p className="line-clamp-3 text-sm text-slate-600">{post.excerpt}</p>
      </article>
    </Card>
  );
}
