import { Link, useParams, useSearchParams } from 'react-router-dom';
import { PRODUCT_NAME } from '@lipcast/contracts';
import { cn, Page } from '@lipcast/ui';
import { PostList } from '../blog/PostList';
import { PostView } from '../blog/PostView';
import { BLOG_HASHTAGS, hashtagOf, POST_QUERY_PARAM, TAG_QUERY_PARAM, tagPath } from '../blog/blog-posts';
import { NewsletterForm } from '../newsletter/NewsletterForm';
import '../styles.css';

/** `/blog`: the post list (`?tag=LipSync`: only that topic's posts); `/blog/<slug>` (or `?post=<slug>`): one post. */
export default function Blog() {
  const [searchParams] = useSearchParams();
  const slug = useParams().slug ?? searchParams.get(POST_QUERY_PARAM);
  const activeTag = hashtagOf(searchParams.get(TAG_QUERY_PARAM));
  if (slug) return <PostView slug={slug} />;

  return (
    <Page title={`${PRODUCT_NAME} Blog`} description="Guides on writing scripts, choosing voices and making AI influencer videos.">
      <ul aria-label="Topics" className="flex flex-wrap gap-2">
        {BLOG_HASHTAGS.map((tag) => (
          <li key={tag}>
            <Link
              to={tagPath(tag)}
              aria-current={tag === activeTag ? 'page' : undefined}
              className={cn(
                'inline-flex items-center rounded-full px-3 py-1 text-sm font-medium whitespace-nowrap transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                tag === activeTag ? 'bg-brand-600 text-white' : 'bg-brand-50 text-brand-800 hover:bg-brand-100',
              )}
            >
              {tag}
            </Link>
          </li>
        ))}
      </ul>
      {activeTag && (
        <p className="mt-4 text-sm text-slate-600">
          Showing posts tagged {activeTag}.{' '}
          <Link to="/blog" className="font-medium text-brand-700 hover:underline">
            All posts
          </Link>
        </p>
      )}
      <div className="mt-8">
        <PostList tag={activeTag} />
      </div>
      <section aria-labelledby="newsletter-heading" className="mt-12 rounded-xl border border-brand-100 bg-brand-50 p-6 sm:p-8">
        <h2 id="newsletter-heading" className="text-xl font-semibold text-slate-900">
          Subscribe to our newsletter
        </h2>
        <p className="mt-1 text-sm text-slate-600">Get new posts about AI video and lip sync in your inbox.</p>
        <NewsletterForm className="mt-4 max-w-xl" />
      </section>
    </Page>
  );
}
