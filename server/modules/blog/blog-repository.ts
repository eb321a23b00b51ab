import type { Static } from 'typebox';
import type { Blog, BlogCategory, BlogList } from '../../../schemas/discovery';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { sanitizeHtml } from '../../lib/sanitize-html';
import { localized } from '../reference/index';

/** Blog categories and articles of the tenant in one language (inside db.tenant). */

export async function listBlogCategories(
  sql: Sql,
  lang: LanguageCode,
  languageId: number,
): Promise<Static<typeof BlogCategory>[]> {
  const { rows } = await sql.query<{ blog_category_id: number; name: string; blog_count: number }>(
    `SELECT c.blog_category_id, c.${localized('name', lang)} AS name,
            (SELECT count(*)::int FROM blogs b WHERE b.blog_category_id = c.blog_category_id AND b.language_id = $1) AS blog_count
       FROM blog_categories c ORDER BY c.sort_order, c.blog_category_id`,
    [languageId],
  );
  return rows.map((r) => ({ blogCategoryId: r.blog_category_id, name: r.name, blogCount: r.blog_count }));
}

type BlogRow = {
  blog_id: number;
  blog_category_id: number;
  category_name: string;
  title: string;
  summary: string;
  image: string;
  author: string;
  published_at: Date | string;
  content_html?: string;
  total?: number;
};

const columns = (lang: LanguageCode) =>
  `b.blog_id, b.blog_category_id, c.${localized('name', lang)} AS category_name, b.title, b.summary, b.image,
   b.author, b.published_at`;

const toSummary = (r: BlogRow) => ({
  blogId: r.blog_id,
  blogCategoryId: r.blog_category_id,
  categoryName: r.category_name,
  title: r.title,
  summary: r.summary,
  image: r.image,
  author: r.author,
  publishedAt: new Date(r.published_at).toISOString(),
});

export interface BlogFilter {
  languageId: number;
  categoryId?: number;
  /** Accent- and case-insensitive "contains" on the title ("suc khoe" finds "sức khỏe"). */
  title?: string;
  pageNumber: number;
  pageSize: number;
}

/** One page of articles, newest first, with the total for the pager (even past the last page). */
export async function listBlogs(
  sql: Sql,
  lang: LanguageCode,
  f: BlogFilter,
): Promise<Static<typeof BlogList>> {
  const title = f.title?.trim() || null;
  const where = `b.language_id = $1 AND ($2::int IS NULL OR b.blog_category_id = $2)
     AND ($3::text IS NULL OR b.search_title LIKE '%' || fold_text($3) || '%')`;
  const params = [f.languageId, f.categoryId ?? null, title];
  const { rows: counted } = await sql.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM blogs b WHERE ${where}`,
    params,
  );
  const { rows } = await sql.query<BlogRow>(
    `SELECT ${columns(lang)} FROM blogs b JOIN blog_categories c ON c.blog_category_id = b.blog_category_id
      WHERE ${where} ORDER BY b.published_at DESC, b.blog_id DESC LIMIT $4 OFFSET $5`,
    [...params, f.pageSize, (f.pageNumber - 1) * f.pageSize],
  );
  return {
    blogs: rows.map(toSummary),
    pagination: { pageNumber: f.pageNumber, pageSize: f.pageSize, totalRecords: counted[0]?.total ?? 0 },
  };
}

/** One article with its HTML, sanitized again on the way out; null when absent. */
export async function findBlog(
  sql: Sql,
  lang: LanguageCode,
  blogId: number,
): Promise<Static<typeof Blog> | null> {
  const { rows } = await sql.query<BlogRow>(
    `SELECT ${columns(lang)}, b.content_html FROM blogs b
       JOIN blog_categories c ON c.blog_category_id = b.blog_category_id WHERE b.blog_id = $1`,
    [blogId],
  );
  const row = rows[0];
  if (!row) return null;
  return { ...toSummary(row), contentHtml: await sanitizeHtml(row.content_html ?? '') };
}

/** Stores an article; its HTML is sanitized first (the only write path for blog HTML). */
export async function insertBlog(
  sql: Sql,
  blog: {
    blogCategoryId: number;
    languageId: number;
    title: string;
    summary: string;
    contentHtml: string;
    author: string;
  },
): Promise<number> {
  const { rows } = await sql.query<{ blog_id: number }>(
    `INSERT INTO blogs (blog_category_id, language_id, title, summary, content_html, author)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING blog_id`,
    [
      blog.blogCategoryId,
      blog.languageId,
      blog.title,
      blog.summary,
      await sanitizeHtml(blog.contentHtml),
      blog.author,
    ],
  );
  return rows[0]!.blog_id;
}
