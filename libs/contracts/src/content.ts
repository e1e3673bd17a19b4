/** Blog post as the browser sees it (spec section 3). */
export interface BlogPost {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  featuredImage: string | null;
  publishedAt: string | null;
  createdAt: string;
  author: string | null;
}

export interface ListPostsRequest {
  published?: boolean;
  page?: number;
  pageSize?: number;
}

export interface ListPostsResponse {
  items: BlogPost[];
  page: number;
  pageSize: number;
  total: number;
}
