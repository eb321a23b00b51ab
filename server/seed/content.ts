import type { Sql } from '../db/database';
import { sanitizeHtml } from '../lib/sanitize-html';
import { bulkInsert, reserveIds } from './bulk';
import { BLOG_CATEGORIES, BLOG_TOPICS, type BlogCategoryKey, type BlogTopic } from './data/blogs';
import { CONTENT_PAGES, KIND_DESCRIPTIONS } from './data/contents';
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

/** Escapes text placed into seeded HTML (titles and brand names can hold & or quotes). */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function fill(template: string, profile: TenantProfile, lang: 'vi' | 'en', html = false): string {
  const esc = html ? escapeHtml : (s: string) => s;
  return template
    .replaceAll('{brand}', esc(profile.brand[lang]))
    .replaceAll('{company}', esc(profile.company[lang]))
    .replaceAll('{hotline}', esc(profile.hotline))
    .replaceAll('{kind}', esc(KIND_DESCRIPTIONS[profile.kind][lang]));
}

function blogHtml(topic: BlogTopic, lang: 'vi' | 'en'): string {
  const whenHeading = lang === 'vi' ? 'Khi nào cần gặp bác sĩ?' : 'When to see a doctor';
  const items = topic.items.map((item) => `<li>${escapeHtml(item[lang])}</li>`).join('');
  return [
    `<p>${escapeHtml(topic.intro[lang])}</p>`,
    `<h2>${escapeHtml(topic.listHeading[lang])}</h2>`,
    `<ul>${items}</ul>`,
    `<h2>${whenHeading}</h2>`,
    `<p>${escapeHtml(topic.advice[lang])}</p>`,
  ].join('');
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
        // Stored HTML is always sanitized, seed included (served again through the same filter).
        await sanitizeHtml(blogHtml(topic, lang)),
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
    ],
    BANNERS.map((b, i) => [tenant, ...local(b.title), ...local(b.subtitle), b.link, i]),
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
    ],
    PROMOTIONALS.map((p, i) => [tenant, ...local(p.title), ...local(p.description), p.link, i]),
  );
  const authors = rng.sample(TESTIMONIAL_AUTHORS, TESTIMONIALS.length);
  const testimonials = await bulkInsert(
    sql,
    'testimonials',
    [
      ['tenant_id', 'text'],
      ['author_name', 'text'],
      ['content_vi', 'text'],
      ['content_en', 'text'],
      ['rating', 'smallint'],
    ],
    TESTIMONIALS.map((t, i) => [tenant, authors[i % authors.length], ...local(t.content), t.rating]),
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

  // Doctor-specific codes carry the doctor's position in the seed, so the code is deterministic.
  const codeDoctors = rng.sample(
    approved.map((d) => ({ d, ordinal: doctors.indexOf(d) + 1 })),
    PROMO_CODES.length,
  );
  const promoCodes = await bulkInsert(
    sql,
    'promo_codes',
    [
      ['tenant_id', 'text'],
      ['code', 'text'],
      ['title_vi', 'text'],
      ['title_en', 'text'],
      ['description_vi', 'text'],
      ['description_en', 'text'],
      ['discount_percent', 'int'],
      ['max_discount', 'int'],
      ['doctor_id', 'int'],
      ['expires_at', 'timestamptz'],
    ],
    PROMO_CODES.flatMap((p, i) => {
      const doctor = p.doctor ? codeDoctors[i] : undefined;
      if (p.doctor && !doctor) return [];
      const code = doctor ? `${p.code}${String(doctor.ordinal).padStart(3, '0')}` : p.code;
      const expires = new Date(now.getTime() + p.validDays * DAY_MS).toISOString();
      return [
        [
          tenant,
          code,
          ...local(p.title),
          ...local(p.description),
          p.discountPercent,
          p.maxDiscount,
          doctor?.d.doctorId ?? null,
          expires,
        ],
      ];
    }),
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
