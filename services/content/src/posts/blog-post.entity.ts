import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A blog post; it is published once `publishedAt` is set and not in the future. */
export const BlogPostEntity = defineEntity({
  name: 'BlogPost',
  tableName: 'blog_post',
  properties: {
    id: p.integer().primary().autoincrement(),
    title: p.string().length(200),
    slug: p.string().length(200).unique(),
    excerpt: p.text(),
    body: p.text(),
    featuredImage: p.string().length(500).nullable(),
    author: p.string().length(120).nullable(),
    publishedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type BlogPost = InferEntity<typeof BlogPostEntity>;
