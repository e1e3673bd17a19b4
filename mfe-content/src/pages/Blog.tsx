import { useParams, useSearchParams } from 'react-router-dom';
import { PRODUCT_NAME } from '@lipcast/contracts';
import { Badge, Page } from '@lipcast/ui';
import { PostList } from '../blog/PostList';
import { PostView } from '../blog/PostView';
import { BLOG_HASHTAGS, POST_QUERY_PARAM } from '../blog/blog-posts';
import { NewsletterForm } from '../newsletter/NewsletterForm';
import '../styles.css';

/** `/blog`: the post list; `/blog/<slug>` (or `?post=<slug>`): one post. */
export default function Blog() {
  const [searchParams] = useSearchParams();
  const slug = useParams().slug ?? searchParams.get(POST_QUERY_PARAM);
  if (slug) return <PostView slug={slug} />;

  return (
    <Page title={`${PRODUCT_NAME} Blog`} description="Guides on writing scripts, choosing voices and making AI influencer videos.">
      <ul aria-label="Topics" className="flex flex-wrap gap-2">
        {BLOG_HASHTAGS.map((tag) => (
          <li key={tag}>
            <Badge variant="secondary" className="px-3 py-1 text-sm">
              {tag}
            </Badge>
          </li>
        ))}
      </ul>
      <div className="mt-8">
        <PostList />
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
