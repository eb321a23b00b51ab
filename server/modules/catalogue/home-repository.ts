import type { Banner, Content, Promotional, Testimonial } from '../../../schemas/catalogue';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { localized } from '../reference/localize';

/** Home-page material and content pages of the tenant (inside db.tenant). */

export async function listBanners(sql: Sql, lang: LanguageCode): Promise<Banner[]> {
  const { rows } = await sql.query<{
    banner_id: number;
    title: string;
    subtitle: string;
    image: string;
    link: string;
  }>(
    `SELECT banner_id, ${localized('title', lang)} AS title, ${localized('subtitle', lang)} AS subtitle, image, link
       FROM banners ORDER BY sort_order, banner_id`,
  );
  return rows.map((r) => ({
    bannerId: r.banner_id,
    title: r.title,
    subtitle: r.subtitle,
    image: r.image,
    link: r.link,
  }));
}

export async function listPromotionals(sql: Sql, lang: LanguageCode): Promise<Promotional[]> {
  const { rows } = await sql.query<{
    promotional_id: number;
    title: string;
    description: string;
    image: string;
    link: string;
  }>(
    `SELECT promotional_id, ${localized('title', lang)} AS title, ${localized('description', lang)} AS description, image, link
       FROM promotionals ORDER BY sort_order, promotional_id`,
  );
  return rows.map((r) => ({
    promotionalId: r.promotional_id,
    title: r.title,
    description: r.description,
    image: r.image,
    link: r.link,
  }));
}

export async function listTestimonials(sql: Sql, lang: LanguageCode): Promise<Testimonial[]> {
  const { rows } = await sql.query<{
    testimonial_id: number;
    author_name: string;
    content: string;
    rating: number;
    avatar: string;
  }>(
    `SELECT testimonial_id, author_name, ${localized('content', lang)} AS content, rating, avatar
       FROM testimonials ORDER BY testimonial_id`,
  );
  return rows.map((r) => ({
    testimonialId: r.testimonial_id,
    authorName: r.author_name,
    content: r.content,
    rating: r.rating,
    avatar: r.avatar,
  }));
}

/** One content page in one language, or null when the tenant has none. */
export async function findContent(sql: Sql, contentId: number, languageId: number): Promise<Content | null> {
  const { rows } = await sql.query<{
    content_id: number;
    language_id: number;
    title: string;
    body_html: string;
  }>(
    `SELECT content_id, language_id, title, body_html FROM contents WHERE content_id = $1 AND language_id = $2`,
    [contentId, languageId],
  );
  const row = rows[0];
  return row
    ? { contentId: row.content_id, languageId: row.language_id, title: row.title, bodyHtml: row.body_html }
    : null;
}
