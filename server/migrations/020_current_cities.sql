-- The city filter and hospital addresses use the current administrative units (Vietnam's 2025
-- reform: 34 provinces, each of wards and communes; districts abolished). Each "city" of the
-- doctor and hospital filters becomes the current ward that holds the old district's or town's
-- centre, linked to admin_units (migration 011); each state is linked to its province there.
-- Ids stay, so hospitals, doctors and saved filters keep their city.

ALTER TABLE states ADD COLUMN province_code text REFERENCES admin_units (code);
UPDATE states s SET province_code = v.code
  FROM (VALUES
    (1, '01'), (2, '79'), (3, '31'), (4, '48'), (5, '92'), (6, '46'), (7, '08'), (8, '04'), (9, '12'),
    (10, '15'), (11, '19'), (12, '11'), (13, '20'), (14, '14'), (15, '25'), (16, '24'), (17, '22'),
    (18, '33'), (19, '37'), (20, '38'), (21, '40'), (22, '42'), (23, '44'), (24, '51'), (25, '52'),
    (26, '56'), (27, '68'), (28, '66'), (29, '75'), (30, '80'), (31, '86'), (32, '82'), (33, '96'),
    (34, '91')
  ) AS v (state_id, code)
 WHERE s.state_id = v.state_id;

ALTER TABLE cities ADD COLUMN ward_code text REFERENCES admin_units (code);
UPDATE cities c SET ward_code = v.code, name_vi = v.name_vi, name_en = v.name_en
  FROM (VALUES
  (1, '00004', 'Phường Ba Đình', 'Ba Dinh Ward'),
  (2, '00070', 'Phường Hoàn Kiếm', 'Hoan Kiem Ward'),
  (3, '00256', 'Phường Hai Bà Trưng', 'Hai Ba Trung Ward'),
  (4, '00235', 'Phường Đống Đa', 'Dong Da Ward'),
  (5, '00166', 'Phường Cầu Giấy', 'Cau Giay Ward'),
  (6, '00367', 'Phường Thanh Xuân', 'Thanh Xuan Ward'),
  (7, '00103', 'Phường Tây Hồ', 'Tay Ho Ward'),
  (8, '00145', 'Phường Long Biên', 'Long Bien Ward'),
  (9, '00331', 'Phường Hoàng Mai', 'Hoang Mai Ward'),
  (10, '09556', 'Phường Hà Đông', 'Ha Dong Ward'),
  (11, '00592', 'Phường Từ Liêm', 'Tu Liem Ward'),
  (12, '00602', 'Phường Đông Ngạc', 'Dong Ngac Ward'),
  (13, '26743', 'Phường Bến Thành', 'Ben Thanh Ward'),
  (14, '27154', 'Phường Bàn Cờ', 'Ban Co Ward'),
  (15, '27343', 'Phường Chợ Lớn', 'Cho Lon Ward'),
  (16, '27478', 'Phường Tân Thuận', 'Tan Thuan Ward'),
  (17, '27190', 'Phường Vườn Lài', 'Vuon Lai Ward'),
  (18, '26929', 'Phường Bình Thạnh', 'Binh Thanh Ward'),
  (19, '27073', 'Phường Phú Nhuận', 'Phu Nhuan Ward'),
  (20, '27004', 'Phường Tân Bình', 'Tan Binh Ward'),
  (21, '26884', 'Phường Gò Vấp', 'Go Vap Ward'),
  (22, '26824', 'Phường Thủ Đức', 'Thu Duc Ward'),
  (23, '27031', 'Phường Tân Phú', 'Tan Phu Ward'),
  (24, '25747', 'Phường Thủ Dầu Một', 'Thu Dau Mot Ward'),
  (25, '26506', 'Phường Vũng Tàu', 'Vung Tau Ward'),
  (26, '11311', 'Phường Hồng Bàng', 'Hong Bang Ward'),
  (27, '11383', 'Phường Lê Chân', 'Le Chan Ward'),
  (28, '11329', 'Phường Ngô Quyền', 'Ngo Quyen Ward'),
  (29, '10525', 'Phường Hải Dương', 'Hai Duong Ward'),
  (30, '20242', 'Phường Hải Châu', 'Hai Chau Ward'),
  (31, '20209', 'Phường Thanh Khê', 'Thanh Khe Ward'),
  (32, '20263', 'Phường Sơn Trà', 'Son Tra Ward'),
  (33, '20285', 'Phường Ngũ Hành Sơn', 'Ngu Hanh Son Ward'),
  (34, '20197', 'Phường Liên Chiểu', 'Lien Chieu Ward'),
  (35, '20410', 'Phường Hội An', 'Hoi An Ward'),
  (36, '31135', 'Phường Ninh Kiều', 'Ninh Kieu Ward'),
  (37, '31186', 'Phường Cái Răng', 'Cai Rang Ward'),
  (38, '31168', 'Phường Bình Thủy', 'Binh Thuy Ward'),
  (39, '31507', 'Phường Sóc Trăng', 'Soc Trang Ward'),
  (40, '19789', 'Phường Thuận Hóa', 'Thuan Hoa Ward'),
  (41, '19753', 'Phường Phú Xuân', 'Phu Xuan Ward'),
  (42, '22366', 'Phường Nha Trang', 'Nha Trang Ward'),
  (43, '22420', 'Phường Cam Ranh', 'Cam Ranh Ward'),
  (44, '22528', 'Phường Ninh Hòa', 'Ninh Hoa Ward'),
  (45, '22651', 'Xã Diên Khánh', 'Dien Khanh Commune'),
  (46, '22759', 'Phường Phan Rang', 'Phan Rang Ward'),
  (47, '24781', 'Phường Xuân Hương - Đà Lạt', 'Xuan Huong - Da Lat Ward'),
  (48, '24823', 'Phường 1 Bảo Lộc', 'Bao Loc Ward 1'),
  (49, '24133', 'Phường Buôn Ma Thuột', 'Buon Ma Thuot Ward'),
  (50, '23575', 'Phường Pleiku', 'Pleiku Ward'),
  (51, '21583', 'Phường Quy Nhơn', 'Quy Nhon Ward'),
  (52, '16681', 'Phường Thành Vinh', 'Thanh Vinh Ward'),
  (53, '14797', 'Phường Hạc Thành', 'Hac Thanh Ward'),
  (54, '06688', 'Phường Hạ Long', 'Ha Long Ward'),
  (55, '26068', 'Phường Biên Hòa', 'Bien Hoa Ward'),
  (56, '09187', 'Phường Kinh Bắc', 'Kinh Bac Ward'),
  (57, '07210', 'Phường Bắc Giang', 'Bac Giang Ward'),
  (58, '05443', 'Phường Phan Đình Phùng', 'Phan Dinh Phung Ward'),
  (59, '29551', 'Phường Long Châu', 'Long Chau Ward'),
  (60, '30307', 'Phường Long Xuyên', 'Long Xuyen Ward'),
  (61, '30742', 'Phường Rạch Giá', 'Rach Gia Ward'),
  (62, '14329', 'Phường Hoa Lư', 'Hoa Lu Ward'),
  (63, '02647', 'Phường Lào Cai', 'Lao Cai Ward'),
  (64, '21025', 'Phường Cẩm Thành', 'Cam Thanh Ward'),
  (65, '32002', 'Phường An Xuyên', 'An Xuyen Ward'),
  (66, '27712', 'Phường Tân An', 'Tan An Ward'),
  (67, '11953', 'Phường Phố Hiến', 'Pho Hien Ward'),
  (68, '07900', 'Phường Việt Trì', 'Viet Tri Ward'),
  (69, '18073', 'Phường Thành Sen', 'Thanh Sen Ward'),
  (70, '18880', 'Phường Đồng Hới', 'Dong Hoi Ward'),
  (71, '29869', 'Phường Cao Lãnh', 'Cao Lanh Ward'),
  (72, '28261', 'Phường Mỹ Tho', 'My Tho Ward')
  ) AS v (city_id, code, name_vi, name_en)
 WHERE c.city_id = v.city_id;
