/**
 * Vietnamese name parts. Doctors get a family, a middle and a given name drawn independently, so
 * the combinations are fictional. Middle names are split by gender so that the name agrees with
 * the gender column (Thị is only ever female, Văn only ever male).
 */
export const FAMILY_NAMES = [
  // Listed with rough frequency weights: Nguyễn alone is close to 40% of the population.
  ...Array<string>(8).fill('Nguyễn'),
  ...Array<string>(3).fill('Trần'),
  ...Array<string>(2).fill('Lê'),
  ...Array<string>(2).fill('Phạm'),
  'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương', 'Lý',
  'Đinh', 'Trịnh', 'Mai', 'Tô', 'Lâm', 'Cao', 'Đoàn', 'Lương', 'Hà', 'Tạ', 'Châu', 'Quách',
] as const;

export const MIDDLE_NAMES = {
  M: ['Văn', 'Hữu', 'Đức', 'Quốc', 'Công', 'Quang', 'Trọng', 'Đình', 'Xuân', 'Bá', 'Gia', 'Minh', 'Tiến'],
  F: ['Thị', 'Thị', 'Ngọc', 'Thu', 'Phương', 'Hồng', 'Mỹ', 'Diệu', 'Kim', 'Bảo', 'Khánh', 'Thùy'],
} as const;

export const GIVEN_NAMES = {
  M: [
    'An', 'Bình', 'Cường', 'Dũng', 'Đạt', 'Hải', 'Hiếu', 'Hoàng', 'Hùng', 'Huy', 'Khang', 'Khoa',
    'Long', 'Nam', 'Nghĩa', 'Phong', 'Phúc', 'Quân', 'Sơn', 'Tài', 'Thành', 'Thắng', 'Toàn',
    'Trung', 'Tuấn', 'Việt', 'Vinh', 'Duy', 'Kiên', 'Lộc', 'Nhân', 'Tâm',
  ],
  F: [
    'Anh', 'Châu', 'Chi', 'Dung', 'Giang', 'Hà', 'Hằng', 'Hạnh', 'Hoa', 'Hương', 'Lan', 'Linh',
    'Loan', 'Mai', 'My', 'Nga', 'Ngân', 'Nhung', 'Oanh', 'Phượng', 'Quyên', 'Thảo', 'Trang',
    'Trinh', 'Tuyết', 'Vân', 'Vy', 'Yến', 'Hiền', 'Thủy', 'Uyên', 'Nhi',
  ],
} as const;

export type Gender = 'M' | 'F';

/**
 * Academic and professional titles, in the order of seniority, with the least experience a
 * doctor needs to hold one (a professor-level title after two years would look wrong).
 */
export const TITLES = [
  { vi: 'BS.', en: 'Dr.', minYears: 0, weight: 30 },
  { vi: 'BS.CKI', en: 'Dr. (Specialist I)', minYears: 4, weight: 18 },
  { vi: 'ThS.BS.', en: 'Dr. (MSc)', minYears: 3, weight: 22 },
  { vi: 'BS.CKII', en: 'Dr. (Specialist II)', minYears: 8, weight: 12 },
  { vi: 'TS.BS.', en: 'Dr. (PhD)', minYears: 8, weight: 10 },
  { vi: 'PGS.TS.BS.', en: 'Assoc. Prof. Dr.', minYears: 15, weight: 5 },
  { vi: 'GS.TS.BS.', en: 'Prof. Dr.', minYears: 25, weight: 2 },
] as const;
export type Title = (typeof TITLES)[number];

/** People quoted in testimonials: first names with a district, as patients sign reviews. */
export const TESTIMONIAL_AUTHORS = [
  'Chị Ngọc Lan (Quận 7)',
  'Anh Minh Tuấn (Cầu Giấy)',
  'Cô Thu Hà (Hải Châu)',
  'Chú Văn Hùng (Biên Hòa)',
  'Chị Bảo Trâm (Thủ Đức)',
  'Anh Quốc Huy (Nha Trang)',
  'Bà Kim Oanh (Ninh Kiều)',
  'Chị Thùy Dương (Long Biên)',
] as const;
