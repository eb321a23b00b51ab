/** Street names found in most Vietnamese cities, for fictional hospital addresses. */
export const STREETS = [
  'Lê Lợi', 'Nguyễn Huệ', 'Trần Hưng Đạo', 'Hai Bà Trưng', 'Lý Thường Kiệt', 'Nguyễn Trãi',
  'Điện Biên Phủ', 'Cách Mạng Tháng Tám', 'Võ Văn Tần', 'Phan Chu Trinh', 'Trần Phú', 'Hùng Vương',
  'Quang Trung', 'Lê Duẩn', 'Nguyễn Văn Linh', 'Nguyễn Thị Minh Khai', 'Bà Triệu', 'Lê Thánh Tông',
  'Phan Đình Phùng', 'Nguyễn Du', 'Hoàng Văn Thụ', 'Lê Hồng Phong', 'Nguyễn Chí Thanh', 'Trường Chinh',
  'Phạm Văn Đồng', 'Võ Thị Sáu', 'Ngô Quyền', 'Lạc Long Quân', 'Tôn Đức Thắng', 'Nguyễn Văn Cừ',
] as const;

/** Fictional hospital and clinic names (no real institution intended). */
export const HOSPITAL_NAMES = [
  'An Khang', 'Bình An', 'Phúc An', 'Thiện Tâm', 'Minh Tâm', 'Tâm Phúc', 'Hồng Phúc', 'An Phước',
  'Nhân Ái', 'Phước Thiện', 'Vạn Phúc', 'Khang Thịnh', 'Trường An', 'Sen Vàng', 'Ánh Dương',
  'Bình Minh', 'Sao Việt', 'Hải Đăng', 'Phương Nam', 'Gia Khang', 'Tân Phúc', 'Hưng Thịnh',
  'Thanh Tâm', 'Lạc Việt', 'Kim Phúc', 'Mỹ An', 'An Lạc', 'Thịnh An', 'Hòa Khánh', 'Nam Việt',
] as const;

/**
 * Kinds of independent hospital. `specialities` (keys of data/medical.ts) is what a specialised
 * hospital offers, so only doctors of those specialities practise there; absent: every speciality.
 */
export const HOSPITAL_KINDS: readonly {
  vi: string;
  en: string;
  weight: number;
  specialities?: readonly string[];
}[] = [
  { vi: 'Bệnh viện Đa khoa', en: 'General Hospital', weight: 5 },
  { vi: 'Bệnh viện', en: 'Hospital', weight: 2 },
  { vi: 'Phòng khám Đa khoa', en: 'Polyclinic', weight: 4 },
  { vi: 'Trung tâm Y khoa', en: 'Medical Centre', weight: 2 },
  { vi: 'Bệnh viện Quốc tế', en: 'International Hospital', weight: 1 },
  { vi: 'Bệnh viện Nhi', en: "Children's Hospital", weight: 1, specialities: ['paediatrics'] },
  { vi: 'Bệnh viện Phụ sản', en: 'Maternity Hospital', weight: 1, specialities: ['obstetrics'] },
  { vi: 'Bệnh viện Mắt', en: 'Eye Hospital', weight: 1, specialities: ['ophthalmology'] },
];

/**
 * Departments and centres of a hospital group (a hospital tenant lists them as its "hospitals"),
 * each with the specialities it offers (absent: every speciality, as at the walk-in clinic).
 */
export const DEPARTMENTS: readonly { name: string; specialities?: readonly string[] }[] = [
  { name: 'Trung tâm Tim mạch', specialities: ['cardiology'] },
  { name: 'Khoa Nhi', specialities: ['paediatrics'] },
  { name: 'Khoa Sản', specialities: ['obstetrics'] },
  { name: 'Trung tâm Tiêu hóa - Gan mật', specialities: ['gastroenterology'] },
  { name: 'Khoa Thần kinh', specialities: ['neurology'] },
  { name: 'Khoa Cơ xương khớp', specialities: ['rheumatology', 'orthopaedics'] },
  { name: 'Khoa Nội tiết - Đái tháo đường', specialities: ['endocrinology'] },
  { name: 'Khoa Tai Mũi Họng', specialities: ['ent'] },
  { name: 'Khoa Mắt', specialities: ['ophthalmology'] },
  { name: 'Khoa Răng Hàm Mặt', specialities: ['dentistry'] },
  { name: 'Khoa Da liễu', specialities: ['dermatology'] },
  { name: 'Trung tâm Ung bướu', specialities: ['oncology', 'haematology'] },
  { name: 'Khoa Hô hấp', specialities: ['respiratory', 'allergy'] },
  { name: 'Khoa Y học cổ truyền', specialities: ['traditional'] },
  { name: 'Trung tâm Phục hồi chức năng', specialities: ['rehabilitation'] },
  { name: 'Khoa Khám bệnh theo yêu cầu' },
  { name: 'Trung tâm Chẩn đoán hình ảnh', specialities: ['general'] },
  { name: 'Khoa Lão khoa', specialities: ['geriatrics', 'general'] },
  { name: 'Trung tâm Dinh dưỡng', specialities: ['nutrition'] },
  { name: 'Khoa Tiết niệu', specialities: ['urology', 'andrology'] },
];

/** Landline area codes of the provincial units that seeded hospitals use (state_id -> code). */
export const AREA_CODES: Readonly<Record<number, string>> = {
  1: '024', 2: '028', 3: '0225', 4: '0236', 5: '0292', 6: '0234', 10: '0214', 11: '0208',
  15: '0210', 16: '0222', 17: '0203', 18: '0221', 19: '0229', 20: '0237', 21: '0238', 22: '0239',
  23: '0233', 24: '0255', 25: '0269', 26: '0258', 27: '0263', 28: '0262', 29: '0251', 30: '0276',
  31: '0270', 32: '0277', 33: '0290', 34: '0296',
};
