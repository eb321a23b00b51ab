import type { Static } from 'typebox';
import type { Blog, BlogCategory, BlogList } from '../../../schemas/discovery';
import { baseApi, unwrap } from '../../lib/api';

export type BlogPost = Static<typeof Blog>;
export type Category = Static<typeof BlogCategory>;
export type BlogPage = Static<typeof BlogList>;

/** Spec section 9: page size 15. Blog cards are large, so the listing shows 9 (3 rows of 3). */
export const BLOG_PAGE_SIZE = 9;

export const blogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    blogCategories: build.query<Category[], void>({
      query: () => 'BlogCategories/GetAllBlogCategories',
      transformResponse: unwrap<Category[]>,
    }),
    blogs: build.query<BlogPage, { categoryId?: number; title?: string; pageNumber: number }>({
      query: ({ categoryId, title, pageNumber }) => ({
        url: 'Blogs/GetAllBlogs',
        params: {
          BlogCategoryId: categoryId,
          Title: title || undefined,
          PageNumber: pageNumber,
          PageSize: BLOG_PAGE_SIZE,
        },
      }),
      transformResponse: unwrap<BlogPage>,
    }),
    // Silent: the page says when a post does not exist.
    blog: build.query<BlogPost, number>({
      query: (id) => `Blogs/GetBlog/${id}`,
      transformResponse: unwrap<BlogPost>,
      extraOptions: { silent: true },
    }),
  }),
});

export const { useBlogCategoriesQuery, useBlogsQuery, useBlogQuery } = blogApi;
