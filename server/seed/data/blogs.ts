import type { Bilingual } from './medical';

/**
 * Health articles for the blog. Each topic is written once in both languages and rendered to
 * simple HTML (<p>, <h2>, <ul>) by the seed: one blog row per language. The content is general
 * health education, as a real patient portal would publish, and never a diagnosis.
 */
export const BLOG_CATEGORIES = {
  heart: { vi: 'Tim mạch', en: 'Heart health' },
  nutrition: { vi: 'Dinh dưỡng', en: 'Nutrition' },
  children: { vi: 'Sức khỏe trẻ em', en: "Children's health" },
  women: { vi: 'Sức khỏe phụ nữ', en: "Women's health" },
  chronic: { vi: 'Bệnh mạn tính', en: 'Long-term conditions' },
  mind: { vi: 'Sức khỏe tinh thần', en: 'Mental health' },
  prevention: { vi: 'Phòng bệnh', en: 'Prevention' },
} satisfies Record<string, Bilingual>;
export type BlogCategoryKey = keyof typeof BLOG_CATEGORIES;

export interface BlogTopic {
  category: BlogCategoryKey;
  title: Bilingual;
  intro: Bilingual;
  listHeading: Bilingual;
  items: Bilingual[];
  advice: Bilingual;
}

const b = (vi: string, en: string): Bilingual => ({ vi, en });

export const BLOG_TOPICS: BlogTopic[] = [
  {
    category: 'heart',
    title: b('Tăng huyết áp: "kẻ giết người thầm lặng"', 'High blood pressure: the silent killer'),
    intro: b('Tăng huyết áp thường không gây triệu chứng rõ ràng nhưng làm tăng nguy cơ đột quỵ và nhồi máu cơ tim. Đo huyết áp định kỳ là cách duy nhất để phát hiện sớm.', 'High blood pressure rarely causes symptoms, yet it raises the risk of stroke and heart attack. Regular measurement is the only way to catch it early.'),
    listHeading: b('Thói quen giúp kiểm soát huyết áp', 'Habits that help control blood pressure'),
    items: [b('Ăn nhạt, dưới 5 g muối mỗi ngày', 'Eat less salt: under 5 g a day'), b('Vận động ít nhất 150 phút mỗi tuần', 'Be active for at least 150 minutes a week'), b('Hạn chế rượu bia, không hút thuốc', 'Limit alcohol and do not smoke'), b('Uống thuốc đều đặn theo chỉ định', 'Take prescribed medicine every day')],
    advice: b('Nếu huyết áp đo tại nhà thường xuyên từ 135/85 mmHg trở lên, hãy đặt lịch khám với bác sĩ tim mạch.', 'If your home readings are often 135/85 mmHg or higher, book a visit with a cardiologist.'),
  },
  {
    category: 'heart',
    title: b('Nhận biết sớm dấu hiệu nhồi máu cơ tim', 'Spotting the warning signs of a heart attack'),
    intro: b('Nhồi máu cơ tim xảy ra khi dòng máu nuôi tim bị tắc nghẽn. Mỗi phút chậm trễ đều làm tổn thương cơ tim nhiều hơn.', 'A heart attack happens when blood flow to the heart is blocked. Every minute of delay damages more heart muscle.'),
    listHeading: b('Các dấu hiệu thường gặp', 'Common signs'),
    items: [b('Đau, tức hoặc nặng ngực kéo dài trên vài phút', 'Chest pain, pressure or tightness lasting more than a few minutes'), b('Đau lan ra cánh tay, cổ, hàm hoặc lưng', 'Pain spreading to the arm, neck, jaw or back'), b('Khó thở, vã mồ hôi lạnh', 'Shortness of breath and cold sweats'), b('Buồn nôn, choáng váng', 'Nausea or light-headedness')],
    advice: b('Khi có các dấu hiệu trên, hãy gọi cấp cứu 115 ngay, không tự lái xe đến bệnh viện.', 'If these signs appear, call 115 for an ambulance at once; do not drive yourself to hospital.'),
  },
  {
    category: 'heart',
    title: b('Đi bộ mỗi ngày tốt cho tim như thế nào?', 'How a daily walk helps your heart'),
    intro: b('Đi bộ nhanh là hình thức vận động đơn giản, rẻ tiền và phù hợp với hầu hết mọi người. Chỉ 30 phút mỗi ngày đã mang lại lợi ích rõ rệt cho tim mạch.', 'Brisk walking is simple, free and suits almost everyone. Just 30 minutes a day brings clear benefits for the heart.'),
    listHeading: b('Lợi ích của việc đi bộ đều đặn', 'Benefits of walking regularly'),
    items: [b('Giảm huyết áp và nhịp tim lúc nghỉ', 'Lower blood pressure and resting heart rate'), b('Cải thiện mỡ máu và đường huyết', 'Better cholesterol and blood sugar'), b('Giúp kiểm soát cân nặng', 'Helps control weight'), b('Giảm căng thẳng, ngủ ngon hơn', 'Less stress and better sleep')],
    advice: b('Người có bệnh tim hoặc mới phẫu thuật nên hỏi ý kiến bác sĩ về cường độ tập phù hợp.', 'People with heart disease or recent surgery should ask their doctor how hard to exercise.'),
  },
  {
    category: 'heart',
    title: b('Mỡ máu cao: hiểu đúng để kiểm soát tốt', 'High cholesterol: understand it to control it'),
    intro: b('Cholesterol LDL cao tích tụ trong thành mạch và gây xơ vữa động mạch. Tình trạng này thường chỉ được phát hiện qua xét nghiệm máu.', 'High LDL cholesterol builds up in artery walls and causes atherosclerosis. It is usually found only by a blood test.'),
    listHeading: b('Cách giảm mỡ máu', 'Ways to lower cholesterol'),
    items: [b('Giảm mỡ động vật, đồ chiên rán', 'Cut down on animal fat and fried food'), b('Ăn nhiều rau, đậu, ngũ cốc nguyên hạt', 'Eat more vegetables, beans and whole grains'), b('Ăn cá ít nhất hai lần mỗi tuần', 'Eat fish at least twice a week'), b('Tập thể dục đều đặn', 'Exercise regularly')],
    advice: b('Người trên 40 tuổi nên xét nghiệm mỡ máu ít nhất mỗi năm một lần.', 'Adults over 40 should have their cholesterol checked at least once a year.'),
  },
  {
    category: 'nutrition',
    title: b('Ăn giảm muối trong bữa cơm gia đình', 'Cutting down on salt in family meals'),
    intro: b('Người Việt trung bình ăn gần gấp đôi lượng muối khuyến nghị, phần lớn từ nước mắm, nước chấm và thực phẩm chế biến sẵn.', 'The average Vietnamese diet has almost twice the recommended salt, mostly from fish sauce, dipping sauces and processed food.'),
    listHeading: b('Mẹo giảm muối dễ áp dụng', 'Easy ways to eat less salt'),
    items: [b('Pha loãng nước chấm, dùng chén nhỏ', 'Dilute dipping sauces and use small bowls'), b('Nêm nếm khi món ăn đã nguội bớt', 'Season food after it has cooled a little'), b('Dùng chanh, tỏi, rau thơm thay muối', 'Use lime, garlic and herbs instead of salt'), b('Hạn chế mì gói, đồ hộp, xúc xích', 'Limit instant noodles, canned food and sausages')],
    advice: b('Giảm muối dần dần trong vài tuần để vị giác kịp thích nghi.', 'Reduce salt gradually over a few weeks so that your taste can adjust.'),
  },
  {
    category: 'nutrition',
    title: b('Uống đủ nước trong những ngày nắng nóng', 'Staying hydrated in hot weather'),
    intro: b('Cơ thể mất nước nhanh khi trời nóng và khi vận động. Người cao tuổi và trẻ nhỏ dễ bị mất nước nhất.', 'The body loses water quickly in the heat and during exercise. Older people and young children are most at risk.'),
    listHeading: b('Dấu hiệu mất nước cần chú ý', 'Signs of dehydration'),
    items: [b('Khát nước, khô miệng', 'Thirst and a dry mouth'), b('Nước tiểu sẫm màu, ít', 'Dark, scanty urine'), b('Mệt mỏi, chóng mặt', 'Tiredness and dizziness'), b('Đau đầu', 'Headache')],
    advice: b('Uống nước rải rác trong ngày, không đợi đến khi khát. Nếu có nôn, tiêu chảy kéo dài, hãy đi khám.', 'Drink little and often, before you feel thirsty. See a doctor if vomiting or diarrhoea lasts.'),
  },
  {
    category: 'nutrition',
    title: b('Bữa sáng lành mạnh cho người bận rộn', 'A healthy breakfast for busy people'),
    intro: b('Bỏ bữa sáng khiến bạn dễ mệt mỏi và ăn quá nhiều vào bữa trưa. Một bữa sáng cân bằng không cần cầu kỳ.', 'Skipping breakfast leaves you tired and prone to overeating at lunch. A balanced breakfast need not be complicated.'),
    listHeading: b('Gợi ý bữa sáng nhanh gọn', 'Quick breakfast ideas'),
    items: [b('Bánh mì nguyên cám với trứng và rau', 'Wholemeal bread with egg and vegetables'), b('Cháo yến mạch với sữa và trái cây', 'Porridge with milk and fruit'), b('Xôi đậu xanh phần nhỏ kèm sữa đậu nành', 'A small portion of mung-bean sticky rice with soy milk'), b('Sữa chua không đường và các loại hạt', 'Plain yoghurt with nuts')],
    advice: b('Người đái tháo đường nên trao đổi với bác sĩ dinh dưỡng để chọn thực đơn phù hợp.', 'People with diabetes should ask a dietitian to help plan their breakfast.'),
  },
  {
    category: 'nutrition',
    title: b('Rau xanh, chất xơ và hệ tiêu hóa khỏe mạnh', 'Vegetables, fibre and a healthy gut'),
    intro: b('Chất xơ giúp đường ruột hoạt động đều đặn và nuôi dưỡng vi khuẩn có lợi. Người trưởng thành nên ăn khoảng 400 g rau quả mỗi ngày.', 'Fibre keeps the bowel regular and feeds helpful gut bacteria. Adults should eat about 400 g of fruit and vegetables a day.'),
    listHeading: b('Nguồn chất xơ dễ tìm', 'Easy sources of fibre'),
    items: [b('Rau lá xanh như rau muống, cải ngọt', 'Leafy greens such as water spinach and choy sum'), b('Các loại đậu và khoai lang', 'Beans and sweet potatoes'), b('Trái cây ăn cả vỏ như ổi, táo', 'Fruit eaten with the skin, such as guava and apple'), b('Gạo lứt và yến mạch', 'Brown rice and oats')],
    advice: b('Tăng chất xơ từ từ và uống đủ nước để tránh đầy hơi.', 'Add fibre gradually and drink enough water to avoid bloating.'),
  },
  {
    category: 'children',
    title: b('Chăm sóc trẻ bị sốt tại nhà', 'Caring for a child with fever at home'),
    intro: b('Sốt là phản ứng tự nhiên của cơ thể khi chống lại nhiễm trùng. Phần lớn các cơn sốt ở trẻ có thể chăm sóc tại nhà.', 'Fever is the body’s natural response to infection. Most fevers in children can be looked after at home.'),
    listHeading: b('Những việc cha mẹ nên làm', 'What parents can do'),
    items: [b('Cho trẻ mặc đồ thoáng mát, uống nhiều nước', 'Dress the child lightly and give plenty of fluids'), b('Dùng thuốc hạ sốt đúng liều theo cân nặng', 'Give fever medicine at the right dose for the child’s weight'), b('Lau người bằng nước ấm, không dùng nước lạnh', 'Sponge with lukewarm water, never cold'), b('Theo dõi nhiệt độ mỗi 4 giờ', 'Check the temperature every 4 hours')],
    advice: b('Đưa trẻ đi khám ngay nếu trẻ dưới 3 tháng tuổi bị sốt, co giật, li bì hoặc sốt quá 2 ngày.', 'Seek care at once if a baby under 3 months has a fever, or a child has a seizure, is very drowsy or has had fever for more than 2 days.'),
  },
  {
    category: 'children',
    title: b('Tiêm chủng cho trẻ trong hai năm đầu đời', 'Vaccinations in the first two years'),
    intro: b('Tiêm chủng đầy đủ, đúng lịch giúp trẻ phòng được nhiều bệnh nguy hiểm như sởi, ho gà, bạch hầu.', 'Complete, on-time vaccination protects children from serious diseases such as measles, whooping cough and diphtheria.'),
    listHeading: b('Lưu ý khi đưa trẻ đi tiêm', 'Tips for vaccination visits'),
    items: [b('Mang theo sổ tiêm chủng', 'Bring the vaccination record'), b('Báo cho bác sĩ nếu trẻ đang sốt hoặc có dị ứng', 'Tell the doctor if the child has a fever or allergies'), b('Ở lại theo dõi 30 phút sau tiêm', 'Stay for 30 minutes of observation after the shot'), b('Theo dõi trẻ tại nhà trong 24-48 giờ', 'Watch the child at home for 24-48 hours')],
    advice: b('Nếu lỡ một mũi tiêm, hãy hỏi bác sĩ để tiêm bù, không cần bắt đầu lại từ đầu.', 'If a dose is missed, ask the doctor about catching up; there is no need to start again.'),
  },
  {
    category: 'children',
    title: b('Phòng bệnh tay chân miệng cho trẻ', 'Preventing hand, foot and mouth disease'),
    intro: b('Tay chân miệng là bệnh truyền nhiễm thường gặp ở trẻ dưới 5 tuổi, lây qua nước bọt, dịch bọng nước và phân.', 'Hand, foot and mouth disease is a common infection in children under five, spread by saliva, blister fluid and stools.'),
    listHeading: b('Biện pháp phòng bệnh', 'How to prevent it'),
    items: [b('Rửa tay bằng xà phòng cho trẻ và người chăm sóc', 'Wash hands with soap, for children and carers'), b('Lau rửa đồ chơi, sàn nhà thường xuyên', 'Clean toys and floors often'), b('Cho trẻ ăn chín, uống sôi', 'Give thoroughly cooked food and boiled water'), b('Cho trẻ bệnh nghỉ học đến khi khỏi', 'Keep a sick child home until recovered')],
    advice: b('Đưa trẻ đi khám ngay khi trẻ sốt cao khó hạ, giật mình, run tay chân hoặc nôn nhiều.', 'Take the child to a doctor at once for a high fever that will not come down, startling, trembling or repeated vomiting.'),
  },
  {
    category: 'children',
    title: b('Trẻ biếng ăn: cha mẹ nên làm gì?', 'Fussy eating: what can parents do?'),
    intro: b('Biếng ăn là nỗi lo của nhiều gia đình. Phần lớn trường hợp liên quan đến thói quen ăn uống hơn là bệnh lý.', 'Fussy eating worries many families. Most of the time it is about habits rather than illness.'),
    listHeading: b('Cách giúp trẻ ăn ngon miệng hơn', 'Ways to help a child eat better'),
    items: [b('Cho trẻ ăn đúng giờ, mỗi bữa không quá 30 phút', 'Keep regular meal times, no longer than 30 minutes'), b('Không ép ăn, không cho xem điện thoại khi ăn', 'Do not force food or allow screens at the table'), b('Thay đổi món ăn và cách chế biến', 'Vary the dishes and how they are cooked'), b('Hạn chế bánh kẹo, nước ngọt trước bữa ăn', 'Limit sweets and soft drinks before meals')],
    advice: b('Nếu trẻ chậm tăng cân hoặc sụt cân, hãy đưa trẻ đi khám nhi khoa hoặc dinh dưỡng.', 'If the child gains weight slowly or loses weight, see a paediatrician or dietitian.'),
  },
  {
    category: 'children',
    title: b('Bảo vệ mắt trẻ trong thời đại màn hình', 'Protecting children’s eyes in the screen age'),
    intro: b('Thời gian nhìn gần kéo dài và ít hoạt động ngoài trời làm tăng tỷ lệ cận thị ở trẻ em.', 'Long hours of close-up work and little time outdoors are making short-sightedness more common in children.'),
    listHeading: b('Thói quen tốt cho mắt', 'Good habits for the eyes'),
    items: [b('Áp dụng quy tắc 20-20-20 khi học', 'Follow the 20-20-20 rule while studying'), b('Cho trẻ chơi ngoài trời ít nhất 2 giờ mỗi ngày', 'Give at least 2 hours outdoors every day'), b('Giữ khoảng cách màn hình phù hợp', 'Keep screens at a proper distance'), b('Khám mắt định kỳ mỗi 6-12 tháng', 'Have the eyes checked every 6-12 months')],
    advice: b('Đưa trẻ đi khám mắt nếu trẻ hay nheo mắt, dụi mắt hoặc ngồi sát màn hình.', 'Book an eye test if the child often squints, rubs the eyes or sits very close to screens.'),
  },
  {
    category: 'women',
    title: b('Khám thai định kỳ: những mốc quan trọng', 'Antenatal check-ups: the key milestones'),
    intro: b('Khám thai đúng lịch giúp theo dõi sự phát triển của em bé và phát hiện sớm các nguy cơ cho mẹ.', 'Regular antenatal visits track the baby’s growth and catch risks for the mother early.'),
    listHeading: b('Các mốc khám không nên bỏ lỡ', 'Visits not to miss'),
    items: [b('Tuần 11-14: siêu âm đo độ mờ da gáy', 'Weeks 11-14: nuchal translucency scan'), b('Tuần 20-24: siêu âm hình thái thai nhi', 'Weeks 20-24: anomaly scan'), b('Tuần 24-28: xét nghiệm đường huyết thai kỳ', 'Weeks 24-28: gestational diabetes test'), b('Từ tuần 36: khám mỗi tuần', 'From week 36: weekly visits')],
    advice: b('Đi khám ngay khi ra máu âm đạo, đau bụng nhiều, phù mặt hoặc thai máy yếu.', 'Seek care at once for vaginal bleeding, severe abdominal pain, facial swelling or reduced baby movements.'),
  },
  {
    category: 'women',
    title: b('Tầm soát ung thư cổ tử cung', 'Cervical cancer screening'),
    intro: b('Ung thư cổ tử cung có thể phòng ngừa và phát hiện sớm nhờ tiêm vắc xin HPV và xét nghiệm định kỳ.', 'Cervical cancer can be prevented and found early with HPV vaccination and regular screening.'),
    listHeading: b('Những điều cần biết', 'What to know'),
    items: [b('Phụ nữ từ 21 tuổi nên làm xét nghiệm tế bào học', 'Women from 21 should have a smear test'), b('Xét nghiệm HPV có thể thực hiện từ 30 tuổi', 'HPV testing can start from age 30'), b('Tiêm vắc xin HPV hiệu quả nhất trước khi có quan hệ tình dục', 'The HPV vaccine works best before sexual activity begins'), b('Không thụt rửa âm đạo trước khi xét nghiệm', 'Do not douche before the test')],
    advice: b('Hãy trao đổi với bác sĩ sản phụ khoa về lịch tầm soát phù hợp với độ tuổi của bạn.', 'Ask a gynaecologist which screening schedule suits your age.'),
  },
  {
    category: 'women',
    title: b('Thiếu máu thiếu sắt ở phụ nữ', 'Iron-deficiency anaemia in women'),
    intro: b('Phụ nữ trong độ tuổi sinh sản, đặc biệt khi mang thai, dễ bị thiếu sắt do mất máu kinh nguyệt và nhu cầu tăng cao.', 'Women of childbearing age, especially in pregnancy, are prone to iron deficiency because of periods and higher needs.'),
    listHeading: b('Dấu hiệu thường gặp', 'Common signs'),
    items: [b('Da xanh, niêm mạc nhợt', 'Pale skin and gums'), b('Mệt mỏi, khó tập trung', 'Tiredness and poor concentration'), b('Hoa mắt, chóng mặt khi đứng dậy', 'Dizziness on standing up'), b('Móng tay giòn, dễ gãy', 'Brittle nails')],
    advice: b('Không tự ý uống viên sắt kéo dài; hãy xét nghiệm máu để bác sĩ xác định nguyên nhân.', 'Do not take iron tablets for long on your own; a blood test lets the doctor find the cause.'),
  },
  {
    category: 'women',
    title: b('Loãng xương sau mãn kinh', 'Osteoporosis after menopause'),
    intro: b('Sau mãn kinh, nội tiết tố giảm khiến xương mất khoáng nhanh hơn và dễ gãy dù chỉ té ngã nhẹ.', 'After menopause, falling hormone levels make bones lose mineral faster and break even after a minor fall.'),
    listHeading: b('Cách giữ xương chắc khỏe', 'Keeping bones strong'),
    items: [b('Bổ sung canxi từ sữa, cá nhỏ, đậu phụ', 'Get calcium from milk, small fish and tofu'), b('Phơi nắng sáng sớm để có vitamin D', 'Get early-morning sun for vitamin D'), b('Tập các bài chịu lực như đi bộ, dưỡng sinh', 'Do weight-bearing exercise such as walking'), b('Đo mật độ xương theo chỉ định', 'Have a bone density scan when advised')],
    advice: b('Phụ nữ trên 65 tuổi hoặc có nguy cơ cao nên đo mật độ xương và khám cơ xương khớp.', 'Women over 65 or at high risk should have a bone density scan and see a rheumatologist.'),
  },
  {
    category: 'chronic',
    title: b('Sống khỏe với đái tháo đường type 2', 'Living well with type 2 diabetes'),
    intro: b('Đái tháo đường type 2 có thể kiểm soát tốt bằng chế độ ăn, vận động và thuốc, giúp phòng biến chứng ở mắt, thận và tim.', 'Type 2 diabetes can be well controlled with diet, activity and medicine, preventing damage to the eyes, kidneys and heart.'),
    listHeading: b('Nguyên tắc kiểm soát đường huyết', 'Keys to controlling blood sugar'),
    items: [b('Ăn đúng giờ, giảm tinh bột trắng và đồ ngọt', 'Eat at regular times, cut white starches and sweets'), b('Vận động 30 phút mỗi ngày', 'Be active 30 minutes a day'), b('Tự theo dõi đường huyết tại nhà', 'Monitor blood sugar at home'), b('Khám mắt và bàn chân mỗi năm', 'Have yearly eye and foot checks')],
    advice: b('Hãy tái khám đúng hẹn và xét nghiệm HbA1c mỗi 3 tháng theo hướng dẫn của bác sĩ nội tiết.', 'Keep follow-up appointments and test HbA1c every 3 months as your endocrinologist advises.'),
  },
  {
    category: 'chronic',
    title: b('Hen phế quản: kiểm soát để sống bình thường', 'Asthma: control it and live normally'),
    intro: b('Hen phế quản là bệnh viêm mạn tính đường thở. Với thuốc dự phòng đúng cách, hầu hết người bệnh sinh hoạt bình thường.', 'Asthma is a long-term inflammation of the airways. With the right preventer medicine, most people live normally.'),
    listHeading: b('Yếu tố dễ gây cơn hen', 'Common asthma triggers'),
    items: [b('Khói thuốc lá và khói bếp', 'Tobacco and cooking smoke'), b('Bụi nhà, lông thú nuôi', 'House dust and pet hair'), b('Thời tiết lạnh, thay đổi đột ngột', 'Cold air and sudden weather changes'), b('Nhiễm trùng đường hô hấp', 'Respiratory infections')],
    advice: b('Nếu phải dùng thuốc cắt cơn nhiều hơn hai lần mỗi tuần, hãy tái khám để điều chỉnh điều trị.', 'If you need your reliever more than twice a week, see your doctor to adjust treatment.'),
  },
  {
    category: 'chronic',
    title: b('Thoái hóa khớp gối ở tuổi trung niên', 'Knee osteoarthritis in middle age'),
    intro: b('Thoái hóa khớp gối gây đau, cứng khớp và hạn chế vận động, thường gặp ở người trên 45 tuổi và người thừa cân.', 'Knee osteoarthritis causes pain, stiffness and reduced movement, often in people over 45 and those who are overweight.'),
    listHeading: b('Cách giảm đau và bảo vệ khớp', 'Easing pain and protecting the joint'),
    items: [b('Giảm cân nếu thừa cân', 'Lose weight if overweight'), b('Tập tăng sức mạnh cơ đùi', 'Strengthen the thigh muscles'), b('Đạp xe, bơi lội thay vì leo cầu thang nhiều', 'Cycle or swim instead of climbing many stairs'), b('Chườm ấm khi khớp cứng', 'Apply warmth when the joint is stiff')],
    advice: b('Không tự tiêm thuốc vào khớp hoặc dùng thuốc không rõ nguồn gốc; hãy khám chuyên khoa cơ xương khớp.', 'Avoid joint injections or medicines of unknown origin; see a joint specialist.'),
  },
  {
    category: 'chronic',
    title: b('Trào ngược dạ dày thực quản và lối sống', 'Acid reflux and your lifestyle'),
    intro: b('Trào ngược xảy ra khi axit dạ dày đi ngược lên thực quản, gây ợ nóng, ợ chua và ho kéo dài.', 'Reflux happens when stomach acid flows back into the gullet, causing heartburn, sour taste and a lingering cough.'),
    listHeading: b('Thay đổi giúp giảm triệu chứng', 'Changes that ease symptoms'),
    items: [b('Không ăn no trong vòng 3 giờ trước khi ngủ', 'Avoid big meals within 3 hours of bedtime'), b('Kê cao đầu giường', 'Raise the head of the bed'), b('Hạn chế cà phê, rượu bia, đồ cay', 'Limit coffee, alcohol and spicy food'), b('Giảm cân nếu thừa cân', 'Lose weight if overweight')],
    advice: b('Đi khám tiêu hóa nếu nuốt nghẹn, sụt cân, nôn ra máu hoặc triệu chứng kéo dài trên 2 tuần.', 'See a gastroenterologist for difficulty swallowing, weight loss, vomiting blood or symptoms lasting over 2 weeks.'),
  },
  {
    category: 'chronic',
    title: b('Bệnh gút: ăn uống thế nào cho đúng?', 'Gout: what should you eat?'),
    intro: b('Gút do axit uric tăng cao và lắng đọng trong khớp, gây những cơn đau dữ dội, thường ở ngón chân cái.', 'Gout is caused by high uric acid settling in joints, bringing sudden severe pain, often in the big toe.'),
    listHeading: b('Thực phẩm nên hạn chế', 'Foods to limit'),
    items: [b('Nội tạng động vật', 'Organ meats'), b('Hải sản như tôm, cua, cá mòi', 'Seafood such as shrimp, crab and sardines'), b('Bia và rượu', 'Beer and spirits'), b('Nước ngọt có nhiều đường fructose', 'Sugary soft drinks high in fructose')],
    advice: b('Uống đủ nước và dùng thuốc hạ axit uric đều đặn nếu bác sĩ chỉ định, kể cả khi không đau.', 'Drink plenty of water and keep taking uric-acid-lowering medicine if prescribed, even without pain.'),
  },
  {
    category: 'mind',
    title: b('Nhận biết sớm trầm cảm', 'Recognising depression early'),
    intro: b('Trầm cảm là bệnh lý có thể điều trị được, không phải sự yếu đuối. Phát hiện sớm giúp hồi phục nhanh hơn.', 'Depression is a treatable illness, not a weakness. Recognising it early speeds recovery.'),
    listHeading: b('Dấu hiệu kéo dài trên hai tuần', 'Signs lasting more than two weeks'),
    items: [b('Buồn chán, mất hứng thú với mọi việc', 'Low mood and loss of interest'), b('Mất ngủ hoặc ngủ quá nhiều', 'Sleeping too little or too much'), b('Mệt mỏi, khó tập trung', 'Tiredness and poor concentration'), b('Cảm thấy vô dụng, tội lỗi', 'Feeling worthless or guilty')],
    advice: b('Hãy chia sẻ với người thân và tìm gặp bác sĩ tâm thần. Nếu có ý nghĩ tự hại, hãy gọi cấp cứu 115 ngay.', 'Talk to someone close and see a psychiatrist. If you have thoughts of harming yourself, call 115 at once.'),
  },
  {
    category: 'mind',
    title: b('Bí quyết cho giấc ngủ ngon', 'Secrets of a good night’s sleep'),
    intro: b('Ngủ đủ 7-8 giờ mỗi đêm giúp phục hồi cơ thể, tăng cường trí nhớ và miễn dịch.', 'Seven to eight hours of sleep a night restores the body and strengthens memory and immunity.'),
    listHeading: b('Thói quen giúp ngủ ngon', 'Habits for better sleep'),
    items: [b('Đi ngủ và thức dậy cùng giờ mỗi ngày', 'Go to bed and get up at the same time every day'), b('Tắt điện thoại 1 giờ trước khi ngủ', 'Put the phone away an hour before bed'), b('Tránh cà phê sau 14 giờ', 'Avoid coffee after 2 pm'), b('Giữ phòng ngủ tối, yên tĩnh, mát mẻ', 'Keep the bedroom dark, quiet and cool')],
    advice: b('Mất ngủ kéo dài trên một tháng ảnh hưởng đến công việc cần được bác sĩ đánh giá.', 'Insomnia that lasts over a month and affects your work should be assessed by a doctor.'),
  },
  {
    category: 'mind',
    title: b('Giảm căng thẳng nơi công sở', 'Reducing stress at work'),
    intro: b('Căng thẳng kéo dài ảnh hưởng đến giấc ngủ, tiêu hóa, huyết áp và các mối quan hệ.', 'Ongoing stress affects sleep, digestion, blood pressure and relationships.'),
    listHeading: b('Cách giải tỏa căng thẳng', 'Ways to relieve stress'),
    items: [b('Nghỉ giải lao ngắn sau mỗi giờ làm việc', 'Take a short break every hour'), b('Hít thở sâu, chậm trong 5 phút', 'Breathe slowly and deeply for 5 minutes'), b('Sắp xếp công việc theo mức độ ưu tiên', 'Sort tasks by priority'), b('Dành thời gian cho gia đình và sở thích', 'Make time for family and hobbies')],
    advice: b('Nếu căng thẳng gây mất ngủ, hồi hộp hoặc lo âu thường xuyên, hãy trò chuyện với bác sĩ.', 'If stress brings sleeplessness, palpitations or constant worry, talk to a doctor.'),
  },
  {
    category: 'prevention',
    title: b('Phòng sốt xuất huyết mùa mưa', 'Preventing dengue fever in the rainy season'),
    intro: b('Sốt xuất huyết do muỗi vằn truyền, bùng phát mạnh vào mùa mưa. Hiện chưa có thuốc điều trị đặc hiệu.', 'Dengue is spread by Aedes mosquitoes and surges in the rainy season. There is no specific cure.'),
    listHeading: b('Diệt muỗi, diệt lăng quăng', 'Remove mosquitoes and larvae'),
    items: [b('Đậy kín các dụng cụ chứa nước', 'Cover all water containers'), b('Loại bỏ vật dụng đọng nước quanh nhà', 'Clear items that collect rainwater'), b('Ngủ màn kể cả ban ngày', 'Sleep under a net, even during the day'), b('Mặc áo dài tay, dùng kem chống muỗi', 'Wear long sleeves and use repellent')],
    advice: b('Khi sốt cao liên tục, đau bụng, chảy máu chân răng hoặc chảy máu cam, hãy đến cơ sở y tế ngay.', 'Go to a health facility at once for constant high fever, abdominal pain, bleeding gums or nosebleeds.'),
  },
  {
    category: 'prevention',
    title: b('Rửa tay đúng cách: việc nhỏ, lợi ích lớn', 'Handwashing: a small act with big benefits'),
    intro: b('Rửa tay với xà phòng giúp giảm đáng kể các bệnh tiêu chảy và nhiễm khuẩn hô hấp.', 'Washing hands with soap sharply reduces diarrhoea and respiratory infections.'),
    listHeading: b('Những lúc cần rửa tay', 'When to wash your hands'),
    items: [b('Trước khi ăn và chế biến thức ăn', 'Before eating and preparing food'), b('Sau khi đi vệ sinh', 'After using the toilet'), b('Sau khi ho, hắt hơi', 'After coughing or sneezing'), b('Sau khi chăm sóc người bệnh', 'After caring for someone who is ill')],
    advice: b('Rửa tay ít nhất 20 giây với xà phòng và nước sạch, làm sạch cả kẽ ngón và móng tay.', 'Wash for at least 20 seconds with soap and clean water, between the fingers and under the nails.'),
  },
  {
    category: 'prevention',
    title: b('Khám sức khỏe định kỳ: cần kiểm tra những gì?', 'Regular health checks: what should be tested?'),
    intro: b('Khám định kỳ giúp phát hiện sớm các bệnh không triệu chứng như tăng huyết áp, đái tháo đường và một số ung thư.', 'Regular check-ups find silent conditions early, such as high blood pressure, diabetes and some cancers.'),
    listHeading: b('Các hạng mục cơ bản', 'The basics'),
    items: [b('Đo huyết áp, chỉ số khối cơ thể', 'Blood pressure and body mass index'), b('Xét nghiệm đường huyết, mỡ máu', 'Blood sugar and cholesterol tests'), b('Chức năng gan, thận', 'Liver and kidney function'), b('Tầm soát ung thư phù hợp độ tuổi', 'Cancer screening suited to your age')],
    advice: b('Người trưởng thành nên khám sức khỏe tổng quát mỗi năm một lần, sớm hơn nếu có bệnh nền.', 'Adults should have a general check-up once a year, more often with an existing condition.'),
  },
  {
    category: 'prevention',
    title: b('Đột quỵ: nhận biết nhanh với BE FAST', 'Stroke: spot it fast with BE FAST'),
    intro: b('Đột quỵ là cấp cứu y khoa. Điều trị trong "giờ vàng" giúp giảm tử vong và di chứng.', 'A stroke is a medical emergency. Treatment within the "golden hour" reduces death and disability.'),
    listHeading: b('Dấu hiệu BE FAST', 'The BE FAST signs'),
    items: [b('B - Mất thăng bằng đột ngột', 'B - Sudden loss of balance'), b('E - Nhìn mờ, mất thị lực', 'E - Blurred or lost vision'), b('F - Méo miệng, lệch mặt', 'F - Face drooping'), b('A, S, T - Yếu tay, nói khó: gọi 115 ngay', 'A, S, T - Arm weakness, slurred speech: call 115 now')],
    advice: b('Ghi nhớ thời điểm khởi phát triệu chứng và đưa người bệnh đến bệnh viện có khả năng can thiệp đột quỵ.', 'Note the time symptoms began and get the person to a hospital able to treat stroke.'),
  },
  {
    category: 'prevention',
    title: b('Bảo vệ làn da dưới nắng nóng', 'Protecting your skin from the sun'),
    intro: b('Tia UV ở Việt Nam thường ở mức rất cao, gây cháy nắng, nám da và tăng nguy cơ ung thư da.', 'UV levels in Vietnam are often very high, causing sunburn, melasma and a higher risk of skin cancer.'),
    listHeading: b('Cách chống nắng hiệu quả', 'Effective sun protection'),
    items: [b('Dùng kem chống nắng SPF 30 trở lên', 'Use sunscreen of SPF 30 or higher'), b('Thoa lại sau mỗi 2 giờ', 'Reapply every 2 hours'), b('Đội mũ rộng vành, đeo kính râm', 'Wear a wide-brimmed hat and sunglasses'), b('Tránh nắng từ 10 giờ đến 16 giờ', 'Stay out of the sun from 10 am to 4 pm')],
    advice: b('Đi khám da liễu nếu nốt ruồi thay đổi màu sắc, kích thước hoặc chảy máu.', 'See a dermatologist if a mole changes colour or size or bleeds.'),
  },
  {
    category: 'prevention',
    title: b('Chuẩn bị cho buổi tư vấn video với bác sĩ', 'Getting ready for a video consultation'),
    intro: b('Tư vấn video giúp bạn gặp bác sĩ mà không cần di chuyển. Chuẩn bị tốt giúp buổi tư vấn hiệu quả hơn.', 'A video consultation lets you see a doctor without travelling. Good preparation makes it more useful.'),
    listHeading: b('Danh sách chuẩn bị', 'Checklist'),
    items: [b('Kiểm tra kết nối mạng, camera và micro', 'Check your internet, camera and microphone'), b('Chọn nơi yên tĩnh, đủ ánh sáng', 'Choose a quiet, well-lit place'), b('Ghi sẵn triệu chứng và câu hỏi', 'Write down symptoms and questions'), b('Chuẩn bị đơn thuốc và kết quả xét nghiệm cũ', 'Have previous prescriptions and test results ready')],
    advice: b('Tư vấn video không thay thế cấp cứu: khi có dấu hiệu nguy hiểm, hãy gọi 115.', 'Video consultations do not replace emergency care: in danger, call 115.'),
  },
];
