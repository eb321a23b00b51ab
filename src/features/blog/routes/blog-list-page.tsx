import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { button, input, page, visuallyHidden } from '../../../components/ui.css';
import { usePageMeta } from '../../../tenant/use-page-meta';
import { useBlogCategoriesQuery, useBlogsQuery } from '../api';
import * as css from '../blog.css';
import { BlogCard } from '../components/blog-card';

const positive = (value: string | null) =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;

/** `?category=&title=&page=` with one value changed (page back to 1 unless it is the page). */
function withParam(search: URLSearchParams, key: string, value: string | number | undefined) {
  const next = new URLSearchParams(search);
  if (key !== 'page') next.delete('page');
  if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
  else next.set(key, String(value));
  const text = next.toString();
  return text ? `?${text}` : '?';
}

/** Blog Listing: categories, title search and pages, all in the URL. */
export function Component() {
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useSearchParams();
  const categoryId = positive(search.get('category'));
  const title = search.get('title')?.trim().slice(0, 100) ?? '';
  const pageNumber = positive(search.get('page')) ?? 1;
  const [text, setText] = useState(title);
  const categories = useBlogCategoriesQuery();
  const { data, isFetching, isError, refetch } = useBlogsQuery({ categoryId, title, pageNumber });
  usePageMeta(t('blog.title'), t('blog.description'));

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(withParam(search, 'title', text.trim()).slice(1));
  };
  return (
    <div className={page}>
      <h1>{t('blog.title')}</h1>
      <nav aria-label={t('blog.categories')}>
        <ul className={css.categories}>
          <li>
            <Link
              className={css.chip}
              to={withParam(search, 'category', undefined)}
              aria-current={categoryId ? undefined : 'page'}
            >
              {t('blog.all')}
            </Link>
          </li>
          {categories.data?.map((category) => (
            <li key={category.blogCategoryId}>
              <Link
                className={css.chip}
                to={withParam(search, 'category', category.blogCategoryId)}
                aria-current={categoryId === category.blogCategoryId ? 'page' : undefined}
              >
                {category.name} ({category.blogCount})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <form role="search" className={css.toolbar} onSubmit={onSearch}>
        <label htmlFor={searchId} className={visuallyHidden}>
          {t('blog.searchLabel')}
        </label>
        <input
          id={searchId}
          className={input}
          type="search"
          // Before hydration (or without JavaScript) the browser submits ?title= itself.
          name="title"
          maxLength={100}
          placeholder={t('blog.searchLabel')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={button.primary}>
          {t('header.search')}
        </button>
        {categoryId && <input type="hidden" name="category" value={categoryId} />}
      </form>
      <QueryState
        isLoading={isFetching}
        isError={isError}
        isEmpty={!data?.blogs.length}
        onRetry={refetch}
        emptyText={title ? t('blog.noMatch', { title }) : t('blog.empty')}
      >
        <ul className={css.grid}>
          {data?.blogs.map((blog) => (
            <li key={blog.blogId}>
              <BlogCard blog={blog} />
            </li>
          ))}
        </ul>
      </QueryState>
      {data && !isError && data.pagination.totalRecords > 0 && (
        <Pager pagination={data.pagination} hrefFor={(p) => withParam(search, 'page', p)} />
      )}
    </div>
  );
}
