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

export const HOSPITAL_KINDS = [
  { vi: 'Bệnh viện Đa khoa', en: 'General Hospital', weight: 5 },
  { vi: 'Bệnh viện', en: 'Hospital', weight: 2 },
  { vi: 'Phòng khám Đa khoa', en: 'Polyclinic', weight: 4 },
  { vi: 'Trung tâm Y khoa', en: 'Medical Centre', weight: 2 },
  { vi: 'Bệnh viện Quốc tế', en: 'International Hospital', weight: 1 },
  { vi: 'Bệnh viện Nhi', en: "Children's Hospital", weight: 1 },
  { vi: 'Bệnh viện Phụ sản', en: 'Maternity Hospital', weight: 1 },
  { vi: 'Bệnh viện Mắt', en: 'Eye Hospital', weight: 1 },
] as const;

/** Departments and centres of a hospital group (a hospital tenant lists them as its "hospitals"). */
export const DEPARTMENTS = [
  'Trung tâm Tim mạch', 'Khoa Nhi', 'Khoa Sản', 'Trung tâm Tiêu hóa - Gan mật', 'Khoa Thần kinh',
  'Khoa Cơ xương khớp', 'Khoa Nội tiết - Đái tháo đường', 'Khoa Tai Mũi Họng', 'Khoa Mắt',
  'Khoa Răng Hàm Mặt', 'Khoa Da liễu', 'Trung tâm Ung bướu', 'Khoa Hô hấp', 'Khoa Y học cổ truyền',
  'Trung tâm Phục hồi chức năng', 'Khoa Khám bệnh theo yêu cầu', 'Trung tâm Chẩn đoán hình ảnh',
  'Khoa Lão khoa', 'Trung tâm Dinh dưỡng', 'Khoa Tiết niệu',
] as const;

/** Landline area codes of the provincial units that seeded hospitals use (state_id -> code). */
export const AREA_CODES: Readonly<Record<number, string>> = {
  1: '024', 2: '028', 3: '0225', 4: '0236', 5: '0292', 6: '0234', 10: '0214', 11: '0208',
  15: '0210', 16: '0222', 17: '0203', 18: '0221', 19: '0229', 20: '0237', 21: '0238', 22: '0239',
  23: '0233', 24: '0255', 25: '0269', 26: '0258', 27: '0263', 28: '0262', 29: '0251', 30: '0276',
  31: '0270', 32: '0277', 33: '0290', 34: '0296',
};
