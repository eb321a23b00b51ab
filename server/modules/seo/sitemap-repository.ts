import type { Sql } from '../../db/database';
import { APPROVED } from '../directory/index';

/** What a tenant's sitemap lists from its data (inside db.tenant: RLS keeps it the tenant's). */
export interface SitemapData {
  doctorIds: number[];
  hospitalIds: number[];
  specialityIds: number[];
  /** Empty when the blog feature is off. */
  blogs: { blogId: number; publishedAt: string }[];
}

const ids = async (sql: Sql, text: string) =>
  (await sql.query<{ id: number }>(text)).rows.map((row) => row.id);

/** Approved doctors and hospitals, every speciality, and the blog posts when the blog is on. */
export async function sitemapData(sql: Sql, { blog }: { blog: boolean }): Promise<SitemapData> {
  const doctorIds = await ids(
    sql,
    `SELECT doctor_id AS id FROM doctors WHERE approval_status = ${APPROVED} ORDER BY doctor_id`,
  );
  const hospitalIds = await ids(
    sql,
    `SELECT hospital_id AS id FROM hospitals WHERE approval_status = ${APPROVED} ORDER BY hospital_id`,
  );
  const specialityIds = await ids(sql, `SELECT speciality_id AS id FROM specialities ORDER BY speciality_id`);
  const blogs = blog
    ? (
        await sql.query<{ blog_id: number; published_at: Date | string }>(
          `SELECT blog_id, published_at FROM blogs ORDER BY blog_id`,
        )
      ).rows.map((row) => ({ blogId: row.blog_id, publishedAt: new Date(row.published_at).toISOString() }))
    : [];
  return { doctorIds, hospitalIds, specialityIds, blogs };
}
