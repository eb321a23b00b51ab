import { paths } from '../../../schemas/paths';
import { languageIdOf } from '../../plugins/tenant';
import { findBlog } from '../blog/index';
import { findContent } from '../home/index';
import { promoDetails } from '../offers/index';
import { articleLd } from './json-ld';
import { idParam, notFoundPage, type Describe } from './page-description';
import { pageUrl } from './page-urls';

/**
 * A blog post (web page and the mobile apps' embed alike): 404 when the tenant has no such post;
 * the embed's canonical is the web page, so search engines index the post once.
 */
export const blogPostPage: Describe = async ({ db, tenant, lang, t, origin, params }) => {
  const id = idParam(params.blogId);
  const blog = id === null ? null : await db.tenantRead(tenant.config.code, (sql) => findBlog(sql, lang, id));
  if (!blog) return notFoundPage(t);
  const path = paths.blogDetail(blog.blogId);
  return {
    status: 200,
    title: blog.title,
    description: blog.summary || t('blog.description'),
    canonical: { path },
    robots: 'index',
    og: { type: 'article', image: blog.image, imageAlt: blog.title, publishedTime: blog.publishedAt },
    jsonLd: [articleLd(blog, pageUrl(origin, tenant, path, lang), tenant, lang, origin)],
  };
};

/** Coupon Detail: 404 for an unknown code; expired codes still explain the offer. */
export const offerPage: Describe = async ({ db, tenant, lang, t, params }) => {
  const id = idParam(params.id);
  const offer =
    id === null ? null : await db.tenantRead(tenant.config.code, (sql) => promoDetails(sql, lang, id));
  if (!offer) return notFoundPage(t);
  return {
    status: 200,
    title: offer.title,
    description: offer.description || t('offer.description'),
    canonical: { path: paths.offerDetail(offer.promoCodeId) },
    robots: 'index',
  };
};

/** An information page (/info/*): the tenant's own title for it when it has one. */
export const infoPage: Describe = async ({ db, tenant, lang, t, entry }) => {
  const { contentId, titleKey } = entry.props as { contentId: number; titleKey: string };
  const content = await db.tenantRead(tenant.config.code, (sql) =>
    findContent(sql, contentId, languageIdOf(lang)),
  );
  const title = content?.title || t(titleKey);
  return {
    status: 200,
    title,
    description: t('pages.content', { title }),
    canonical: { path: entry.path },
    robots: 'index',
  };
};
