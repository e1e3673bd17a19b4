import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME, type BlogPostDetail } from '@lipcast/contracts';
import { Spinner } from '@lipcast/ui';
import { ApiError } from '@lipcast/web-kit';
import { PostByline } from './PostByline';
import { PostNextStep } from './PostNextStep';
import { parsePostBody } from './post-body';

export const POST_NOT_FOUND_MESSAGE = 'This post could not be found. It may have been moved or unpublished.';
export const POST_ERROR_MESSAGE = 'Failed to load this blog post. Please try again later.';

/** `GET /api/blog/posts/{slug}` through the default loader. */
export const postQueryKey = (slug: string) => ['/api/blog/posts', encodeURIComponent(slug)] as const;

function BackToBlog() {
  return (
    <Link to="/blog" className="text-sm font-medium text-brand-700 hover:underline">
      ← Back to the blog
    </Link>
  );
}

/** One post: title, date, author and its body as headings and paragraphs (text only, never HTML). */
export function PostView({ slug }: { slug: string }) {
  const { data: post, isLoading, error } = useQuery<BlogPostDetail>({ queryKey: postQueryKey(slug) });
  // The served page already carries the post's title; after navigating in the app, set it here.
  useEffect(() => {
    if (post) document.title = `${post.title} | ${PRODUCT_NAME}`;
  }, [post]);

  let content;
  if (isLoading) {
    content = (
      <div className="flex justify-center py-12">
        <Spinner size="lg" label="Loading blog post" />
      </div>
    );
  } else if (error || !post) {
    const notFound = error instanceof ApiError && error.status === 404;
    content = (
      <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {notFound ? POST_NOT_FOUND_MESSAGE : POST_ERROR_MESSAGE}
      </p>
    );
  } else {
    content = (
      <article className="mt-6">
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
          <div className="mt-3">
            <PostByline post={post} />
          </div>
        </header>
        <div className="mt-8 space-y-5 text-base leading-7 text-slate-700">
          {parsePostBody(post.body).map((block, index) =>
            block.kind === 'heading' ? (
              <h2 key={index} className="pt-4 text-xl font-semibold text-slate-900">
                {block.text}
              </h2>
            ) : (
              <p key={index} className="whitespace-pre-line">
                {block.text}
              </p>
            ),
          )}
        </div>
        <PostNextStep />
      </article>
    );
  }

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10">
      <BackToBlog />
      {content}
    </section>
  );
}
