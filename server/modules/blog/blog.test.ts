import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { createCatalogueTestApp, publicReads } from '../catalogue/test-support';
import { insertBlog } from './blog-repository';

let t: TestApp;
beforeAll(async () => {
  t = await createCatalogueTestApp(20);
});
afterAll(() => t?.close());

const { get, data } = publicReads(() => t);

describe('blog', () => {
  it('lists categories and pages articles, Title matching without accents', async () => {
    const categories = await data('/BlogCategories/GetAllBlogCategories');
    expect(categories.length).toBeGreaterThan(0);
    const page = await data('/Blogs/GetAllBlogs?PageSize=2');
    expect(page.blogs).toHaveLength(2);
    const title: string = page.blogs[0].title;
    const folded = title
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/đ/g, 'd')
      .toLowerCase()
      .slice(0, 12);
    const found = await data(`/Blogs/GetAllBlogs?Title=${encodeURIComponent(folded)}`);
    expect(found.blogs.map((b: { blogId: number }) => b.blogId)).toContain(page.blogs[0].blogId);
    const beyond = await data('/Blogs/GetAllBlogs?PageNumber=500');
    expect(beyond.blogs).toEqual([]);
    expect(beyond.pagination.totalRecords).toBe(page.pagination.totalRecords);
    expect((await get('/Blogs/GetAllBlogs?PageNumber=0')).json().errors).toEqual(['invalid_page_number']);
    expect((await get(`/Blogs/GetBlog/${page.blogs[0].blogId}`, 'songhong')).statusCode).toBe(404);
  });

  it('sanitizes HTML when stored and again when served', async () => {
    const evil =
      '<p onclick="steal()">Hi</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>';
    const [categoryId] = await t.db.tenant('songkhoe', async (sql) =>
      (
        await sql.query<{ id: number }>('SELECT blog_category_id AS id FROM blog_categories LIMIT 1')
      ).rows.map((r) => r.id),
    );
    const id = await t.db.tenant('songkhoe', (sql) =>
      insertBlog(sql, {
        blogCategoryId: categoryId!,
        languageId: 2,
        title: 'XSS',
        summary: '',
        contentHtml: evil,
        author: 'x',
      }),
    );
    const [stored] = await t.db.tenant(
      'songkhoe',
      async (sql) =>
        (await sql.query<{ content_html: string }>('SELECT content_html FROM blogs WHERE blog_id = $1', [id]))
          .rows,
    );
    expect(stored!.content_html).not.toMatch(/script|onclick|onerror|javascript:/);
    // A row written around the repository is still served clean.
    await t.db.tenant('songkhoe', (sql) =>
      sql.query('UPDATE blogs SET content_html = $2 WHERE blog_id = $1', [id, evil]),
    );
    const served = await data(`/Blogs/GetBlog/${id}`);
    expect(served.contentHtml).toContain('<p>Hi</p>');
    expect(served.contentHtml).not.toMatch(/script|onclick|onerror|javascript:/);
  });
});
