import type { FeatureKey } from '../../schemas/features';
import type { Sql } from '../db/database';
import { bulkInsert, reserveIds } from './bulk';
import { BLOG_CATEGORIES, BLOG_TOPICS, type BlogCategoryKey, type BlogTopic } from './data/blogs';
import { CONTENT_PAGES, KIND_DESCRIPTIONS } from './data/contents';
import { SPECIALITIES } from './data/medical';
import {
  BANNERS,
  IOMT_PACKAGES,
  MEMBERSHIP_PACKAGES,
  PROMO_CODES,
  PROMOTIONALS,
  TESTIMONIALS,
} from './data/marketing';
import type { Bilingual } from './data/medical';
import { TESTIMONIAL_AUTHORS } from './data/people';
import type { SeededDoctor } from './catalogue';
import type { Rng } from './prng';
import type { TenantProfile } from './profiles';

export interface ContentCounts {
  blogCategories: number;
  blogs: number;
  banners: number;
  promotionals: number;
  testimonials: number;
  contents: number;
  membershipPackages: number;
  iomtPackages: number;
  promoCodes: number;
}

const LANGUAGE_EN = 1;
const LANGUAGE_VI = 2;
const DAY_MS = 86_400_000;

/** Escapes text placed between tags (a text node keeps its quotes, as the HTML serializer writes it). */
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Escapes text placed into seeded HTML, attributes included (titles and brand names can hold & or quotes). */
const escapeHtml = (text: string) => escapeText(text).replace(/"/g, '&quot;');

function fill(template: string, profile: TenantProfile, lang: 'vi' | 'en', html = false): string {
  const esc = html ? escapeHtml : (s: string) => s;
  return template
    .replaceAll('{brand}', esc(profile.brand[lang]))
    .replaceAll('{company}', esc(profile.company[lang]))
    .replaceAll('{hotline}', esc(profile.hotline))
    .replaceAll('{kind}', esc(KIND_DESCRIPTIONS[profile.kind][lang]));
}

/**
 * An article's body: our own texts between p, h2, ul and li, nothing else. Stored as it is: it is
 * already what the blog's HTML filter keeps, byte for byte (content.test.ts proves it for every
 * article), and the blog serves every body through that filter again. Seeding without the filter
 * spares each seeding process loading jsdom (about 2 s) and filtering every article.
 */
export function blogHtml(topic: BlogTopic, lang: 'vi' | 'en'): string {
  const whenHeading = lang === 'vi' ? 'Khi nào cần gặp bác sĩ?' : 'When to see a doctor';
  const items = topic.items.map((item) => `<li>${escapeText(item[lang])}</li>`).join('');
  return [
    `<p>${escapeText(topic.intro[lang])}</p>`,
    `<h2>${escapeText(topic.listHeading[lang])}</h2>`,
    `<ul>${items}</ul>`,
    `<h2>${whenHeading}</h2>`,
    `<p>${escapeText(topic.advice[lang])}</p>`,
  ].join('');
}

/** The tenant's speciality ids by seed key and top-level health program ids by English name. */
async function contentLinkIds(sql: Sql) {
  const [specialities, programs] = await Promise.all([
    sql.query<{ speciality_id: number; name_en: string }>('SELECT speciality_id, name_en FROM specialities'),
    sql.query<{ health_program_id: number; name_en: string }>(
      'SELECT health_program_id, name_en FROM health_programs WHERE parent_id IS NULL',
    ),
  ]);
  const specialityByName = new Map(specialities.rows.map((r) => [r.name_en, r.speciality_id]));
  return {
    speciality: new Map(SPECIALITIES.map((s) => [s.key, specialityByName.get(s.name.en)])),
    program: new Map(programs.rows.map((r) => [r.name_en, r.health_program_id])),
  };
}

/** A seeded link with `{speciality:<key>}` / `{program:<name>}` replaced by this tenant's ids. */
function resolveLink(link: string, ids: Awaited<ReturnType<typeof contentLinkIds>>): string {
  return link.replace(
    /\{(speciality|program):([^}]+)\}/g,
    (_, kind: 'speciality' | 'program', key: string) => {
      const id = ids[kind].get(key);
      if (id === undefined) throw new Error(`seed: link ${link} names no ${kind} "${key}"`);
      return String(id);
    },
  );
}

/** Blogs, home-page material, content pages, packages and promo codes for one tenant. */
export async function seedContent(
  sql: Sql,
  rng: Rng,
  profile: TenantProfile,
  doctors: readonly SeededDoctor[],
  now: Date,
): Promise<ContentCounts> {
  const tenant = profile.code;
  const approved = doctors.filter((d) => d.plan.approvalStatus === 1);
  const local = (b: Bilingual) => [fill(b.vi, profile, 'vi'), fill(b.en, profile, 'en')];
  const on = (feature: FeatureKey | undefined) => !feature || profile.hasFeature(feature);

  const categoryKeys = Object.keys(BLOG_CATEGORIES) as BlogCategoryKey[];
  const categoryIds = await reserveIds(sql, 'blog_categories', 'blog_category_id', categoryKeys.length);
  const categoryId = new Map(categoryKeys.map((key, i) => [key, categoryIds[i]]));
  const blogCategories = await bulkInsert(
    sql,
    'blog_categories',
    [
      ['blog_category_id', 'int'],
      ['tenant_id', 'text'],
      ['name_vi', 'text'],
      ['name_en', 'text'],
      ['sort_order', 'int'],
    ],
    categoryKeys.map((key, i) => [
      categoryIds[i],
      tenant,
      BLOG_CATEGORIES[key].vi,
      BLOG_CATEGORIES[key].en,
      i,
    ]),
  );

  // One row per article and language; both rows share author and date so the two read as one piece.
  const blogRows: unknown[][] = [];
  for (const topic of BLOG_TOPICS) {
    const author = rng.pick(approved.length > 0 ? approved : doctors);
    const published = new Date(now.getTime() - rng.int(1, 240) * DAY_MS - rng.int(0, 86_399) * 1000);
    for (const [languageId, lang] of [
      [LANGUAGE_VI, 'vi'],
      [LANGUAGE_EN, 'en'],
    ] as const) {
      const authorName = `${author.plan.title[lang]} ${author.plan.fullName}`;
      blogRows.push([
        tenant,
        categoryId.get(topic.category),
        languageId,
        topic.title[lang],
        topic.intro[lang],
        blogHtml(topic, lang),
        '',
        authorName,
        published.toISOString(),
      ]);
    }
  }
  const blogs = await bulkInsert(
    sql,
    'blogs',
    [
      ['tenant_id', 'text'],
      ['blog_category_id', 'int'],
      ['language_id', 'int'],
      ['title', 'text'],
      ['summary', 'text'],
      ['content_html', 'text'],
      ['image', 'text'],
      ['author', 'text'],
      ['published_at', 'timestamptz'],
    ],
    blogRows,
  );

  const banners = await bulkInsert(
    sql,
    'banners',
    [
      ['tenant_id', 'text'],
      ['title_vi', 'text'],
      ['title_en', 'text'],
      ['subtitle_vi', 'text'],
      ['subtitle_en', 'text'],
      ['link', 'text'],
      ['sort_order', 'int'],
      ['feature', 'text'],
    ],
    BANNERS.map((b, i) => [
      tenant,
      ...local(b.title),
      ...local(b.subtitle),
      b.link,
      i,
      b.feature ?? null,
    ]).filter((_, i) => on(BANNERS[i]!.feature)),
  );
  const authors = rng.sample(TESTIMONIAL_AUTHORS, TESTIMONIALS.length);
  // Doctor-specific codes carry the doctor's position in the seed, so the code is deterministic.
  const codeDoctors = rng.sample(
    approved.map((d) => ({ d, ordinal: doctors.indexOf(d) + 1 })),
    PROMO_CODES.length,
  );
  const promoIds = new Map<string, number>();
  for (const [i, p] of PROMO_CODES.entries()) {
    if (!on(p.feature)) continue;
    const doctor = p.doctor ? codeDoctors[i] : undefined;
    if (p.doctor && !doctor) continue;
    const code = doctor ? `${p.code}${String(doctor.ordinal).padStart(3, '0')}` : p.code;
    const expires = new Date(now.getTime() + p.validDays * DAY_MS).toISOString();
    const { rows } = await sql.query<{ promo_code_id: number }>(
      `INSERT INTO promo_codes (tenant_id, code, title_vi, title_en, description_vi, description_en,
         discount_percent, max_discount, min_amount, service_type_ids, doctor_id, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::int[], $11, $12) RETURNING promo_code_id`,
      [
        tenant,
        code,
        ...local(p.title),
        ...local(p.description),
        p.discountPercent,
        p.maxDiscount,
        p.minAmount ?? 0,
        p.serviceTypes ?? null,
        doctor?.d.doctorId ?? null,
        expires,
      ],
    );
    promoIds.set(code, rows[0]!.promo_code_id);
  }
  const promoCodes = promoIds.size;

  const linkIds = await contentLinkIds(sql);
  const shownPromotionals = PROMOTIONALS.map((p, i) => ({ p, i })).filter(
    ({ p }) => on(p.feature) && (!p.promo || promoIds.has(p.promo)),
  );
  const promotionals = await bulkInsert(
    sql,
    'promotionals',
    [
      ['tenant_id', 'text'],
      ['title_vi', 'text'],
      ['title_en', 'text'],
      ['description_vi', 'text'],
      ['description_en', 'text'],
      ['link', 'text'],
      ['sort_order', 'int'],
      ['feature', 'text'],
      ['promo_code_id', 'int'],
    ],
    shownPromotionals.map(({ p, i }) => [
      tenant,
      ...local(p.title),
      ...local(p.description),
      resolveLink(p.link, linkIds),
      i,
      p.feature ?? null,
      p.promo ? promoIds.get(p.promo) : null,
    ]),
  );
  const testimonials = await bulkInsert(
    sql,
    'testimonials',
    [
      ['tenant_id', 'text'],
      ['author_name', 'text'],
      ['content_vi', 'text'],
      ['content_en', 'text'],
      ['rating', 'smallint'],
      ['feature', 'text'],
    ],
    TESTIMONIALS.map((t, i) => [
      tenant,
      authors[i % authors.length],
      ...local(t.content),
      t.rating,
      t.feature ?? null,
    ]).filter((_, i) => on(TESTIMONIALS[i]!.feature)),
  );

  const contents = await bulkInsert(
    sql,
    'contents',
    [
      ['tenant_id', 'text'],
      ['content_id', 'smallint'],
      ['language_id', 'int'],
      ['title', 'text'],
      ['body_html', 'text'],
    ],
    CONTENT_PAGES.flatMap((page) => [
      [tenant, page.contentId, LANGUAGE_VI, page.title.vi, fill(page.body.vi, profile, 'vi', true)],
      [tenant, page.contentId, LANGUAGE_EN, page.title.en, fill(page.body.en, profile, 'en', true)],
    ]),
  );

  const membershipPackages = await bulkInsert(
    sql,
    'membership_packages',
    [
      ['tenant_id', 'text'],
      ['name_vi', 'text'],
      ['name_en', 'text'],
      ['number_of_calls', 'int'],
      ['validity_months', 'int'],
      ['call_duration_minutes', 'int'],
      ['free_calls', 'int'],
      ['free_appointments', 'int'],
      ['price', 'int'],
    ],
    MEMBERSHIP_PACKAGES.map((p) => [
      tenant,
      ...local(p.name),
      p.numberOfCalls,
      p.validityMonths,
      p.callDurationMinutes,
      p.freeCalls,
      p.freeAppointments,
      p.price,
    ]),
  );
  const iomtPackages = await bulkInsert(
    sql,
    'iomt_packages',
    [
      ['tenant_id', 'text'],
      ['name_vi', 'text'],
      ['name_en', 'text'],
      ['description_vi', 'text'],
      ['description_en', 'text'],
      ['devices_vi', 'text'],
      ['devices_en', 'text'],
      ['duration_months', 'int'],
      ['price', 'int'],
    ],
    IOMT_PACKAGES.map((p) => [
      tenant,
      ...local(p.name),
      ...local(p.description),
      ...local(p.devices),
      p.durationMonths,
      p.price,
    ]),
  );

  return {
    blogCategories,
    blogs,
    banners,
    promotionals,
    testimonials,
    contents,
    membershipPackages,
    iomtPackages,
    promoCodes,
  };
}
