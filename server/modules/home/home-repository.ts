import type { Banner, Content, Promotional, Testimonial } from '../../../schemas/catalogue';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { FeatureKey } from '../../../schemas/features';
import type { Sql } from '../../db/database';
import type { TaggedContent } from '../../tenancy/content-check';
import { promoColumns, toPromo, type PromoRow } from '../offers/index';
import { localized } from '../reference/index';

/** Home-page material and content pages of the tenant (inside db.tenant). */

/**
 * Content tagged with a feature shows only while the tenant has it on ("a tenant's content
 * matches its features"; start-up also refuses such rows: server/tenancy/content-check.ts).
 */
const featureOn = (alias: string) => `(${alias}.feature IS NULL OR ${alias}.feature = ANY($1::text[]))`;

export async function listBanners(
  sql: Sql,
  lang: LanguageCode,
  features: readonly FeatureKey[],
): Promise<Banner[]> {
  const { rows } = await sql.query<{
    banner_id: number;
    title: string;
    subtitle: string;
    image: string;
    link: string;
  }>(
    `SELECT banner_id, ${localized('title', lang)} AS title, ${localized('subtitle', lang)} AS subtitle, image, link
       FROM banners b WHERE ${featureOn('b')} ORDER BY sort_order, banner_id`,
    [[...features]],
  );
  return rows.map((r) => ({
    bannerId: r.banner_id,
    title: r.title,
    subtitle: r.subtitle,
    image: r.image,
    link: r.link,
  }));
}

/**
 * Home promotions. One that advertises a promo code takes its title, description and rule from
 * the code and links to the code's own detail page; an expired code's promotion is left out.
 */
export async function listPromotionals(
  sql: Sql,
  lang: LanguageCode,
  features: readonly FeatureKey[],
): Promise<Promotional[]> {
  const promoOn = features.includes('promoCodes');
  const { rows } = await sql.query<
    Partial<PromoRow> & {
      promotional_id: number;
      p_title: string;
      p_description: string;
      image: string;
      link: string;
    }
  >(
    `SELECT p.promotional_id, p.${localized('title', lang)} AS p_title,
            p.${localized('description', lang)} AS p_description, p.image, p.link, ${promoColumns(lang, 'c')}
       FROM promotionals p LEFT JOIN promo_codes c ON c.promo_code_id = p.promo_code_id
      WHERE ${featureOn('p')}
        AND (p.promo_code_id IS NULL OR ($2::boolean AND c.expires_at > now()))
      ORDER BY p.sort_order, p.promotional_id`,
    [[...features], promoOn],
  );
  return rows.map((r) => {
    const offer = r.promo_code_id ? toPromo(r as PromoRow) : null;
    return {
      promotionalId: r.promotional_id,
      title: offer?.title ?? r.p_title,
      description: offer?.description ?? r.p_description,
      image: r.image,
      link: offer ? `/offer-detail/${offer.promoCodeId}` : r.link,
      offer,
    };
  });
}

export async function listTestimonials(
  sql: Sql,
  lang: LanguageCode,
  features: readonly FeatureKey[],
): Promise<Testimonial[]> {
  const { rows } = await sql.query<{
    testimonial_id: number;
    author_name: string;
    content: string;
    rating: number;
    avatar: string;
  }>(
    `SELECT testimonial_id, author_name, ${localized('content', lang)} AS content, rating, avatar
       FROM testimonials t WHERE ${featureOn('t')} ORDER BY testimonial_id`,
    [[...features]],
  );
  return rows.map((r) => ({
    testimonialId: r.testimonial_id,
    authorName: r.author_name,
    content: r.content,
    rating: r.rating,
    avatar: r.avatar,
  }));
}

/**
 * Every tagged banner, promotion and testimonial, and every banner or promotion linking into the
 * app, for the start-up check of the tenant's content (features and links).
 */
export async function taggedContent(sql: Sql): Promise<TaggedContent[]> {
  const { rows } = await sql.query<TaggedContent>(
    `SELECT 'banner' AS kind, banner_id AS id, title_en AS title, feature, link FROM banners
      WHERE feature IS NOT NULL OR link LIKE '/%'
     UNION ALL
     SELECT 'promotion', promotional_id, title_en, feature, link FROM promotionals
      WHERE feature IS NOT NULL OR link LIKE '/%'
     UNION ALL
     SELECT 'testimonial', testimonial_id, left(content_en, 60), feature, NULL FROM testimonials WHERE feature IS NOT NULL
     ORDER BY 1, 2`,
  );
  return rows;
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
