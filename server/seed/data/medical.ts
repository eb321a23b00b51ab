/**
 * Medical specialities, each with the symptoms that lead a patient to it and the conditions its
 * doctors mention in their biographies. Every symptom belongs to exactly one speciality, which is
 * how doctors get their symptoms (doctor -> specialities -> symptoms).
 */
export interface Bilingual {
  vi: string;
  en: string;
}

export interface SpecialityData {
  key: string;
  name: Bilingual;
  description: Bilingual;
  /** How common doctors of this speciality are, relative to the others. */
  weight: number;
  symptoms: Bilingual[];
  /** Conditions treated, for biographies: "chuyên điều trị ..." / "focuses on ...". */
  focus: Bilingual[];
}

const b = (vi: string, en: string): Bilingual => ({ vi, en });

export const SPECIALITIES: SpecialityData[] = [
  {
    key: 'general', weight: 14,
    name: b('Bác sĩ đa khoa', 'General Practitioner'),
    description: b('Khám, tư vấn ban đầu và điều phối chăm sóc cho mọi lứa tuổi.', 'First-contact care, advice and referral for all ages.'),
    symptoms: [b('Sốt', 'Fever'), b('Mệt mỏi kéo dài', 'Persistent tiredness'), b('Sụt cân không rõ nguyên nhân', 'Unexplained weight loss'), b('Cảm cúm', 'Flu-like illness')],
    focus: [b('các bệnh thông thường', 'common illnesses'), b('khám sức khỏe định kỳ', 'routine health checks'), b('quản lý bệnh mạn tính', 'long-term condition management')],
  },
  {
    key: 'cardiology', weight: 8,
    name: b('Tim mạch', 'Cardiology'),
    description: b('Chẩn đoán và điều trị bệnh tim và mạch máu.', 'Diagnosis and treatment of heart and blood vessel disease.'),
    symptoms: [b('Đau ngực', 'Chest pain'), b('Hồi hộp, tim đập nhanh', 'Palpitations'), b('Khó thở khi gắng sức', 'Breathlessness on exertion'), b('Tăng huyết áp', 'High blood pressure'), b('Phù chân', 'Swollen ankles')],
    focus: [b('tăng huyết áp', 'high blood pressure'), b('suy tim', 'heart failure'), b('rối loạn nhịp tim', 'heart rhythm disorders'), b('bệnh mạch vành', 'coronary artery disease')],
  },
  {
    key: 'paediatrics', weight: 9,
    name: b('Nhi khoa', 'Paediatrics'),
    description: b('Chăm sóc sức khỏe trẻ sơ sinh, trẻ nhỏ và thanh thiếu niên.', 'Health care for newborns, children and teenagers.'),
    symptoms: [b('Trẻ sốt cao', 'High fever in children'), b('Trẻ biếng ăn', 'Poor appetite in children'), b('Trẻ chậm tăng cân', 'Slow weight gain in children'), b('Tiêu chảy ở trẻ', 'Diarrhoea in children')],
    focus: [b('bệnh hô hấp ở trẻ', 'childhood respiratory infections'), b('theo dõi tăng trưởng', 'growth monitoring'), b('tiêm chủng', 'vaccination')],
  },
  {
    key: 'dermatology', weight: 6,
    name: b('Da liễu', 'Dermatology'),
    description: b('Bệnh lý về da, tóc, móng và thẩm mỹ da.', 'Conditions of the skin, hair and nails.'),
    symptoms: [b('Nổi mẩn ngứa', 'Itchy rash'), b('Mụn trứng cá', 'Acne'), b('Rụng tóc', 'Hair loss'), b('Nám da', 'Melasma'), b('Chàm da', 'Eczema')],
    focus: [b('mụn trứng cá', 'acne'), b('viêm da cơ địa', 'atopic dermatitis'), b('vảy nến', 'psoriasis')],
  },
  {
    key: 'ent', weight: 6,
    name: b('Tai Mũi Họng', 'ENT (Ear, Nose and Throat)'),
    description: b('Bệnh lý tai, mũi, xoang, họng và thanh quản.', 'Conditions of the ear, nose, sinuses, throat and voice box.'),
    symptoms: [b('Đau họng', 'Sore throat'), b('Nghẹt mũi', 'Blocked nose'), b('Ù tai', 'Ringing in the ears'), b('Chảy máu cam', 'Nosebleeds'), b('Khàn tiếng', 'Hoarse voice'), b('Đau nhức xoang', 'Sinus pain')],
    focus: [b('viêm xoang', 'sinusitis'), b('viêm amidan', 'tonsillitis'), b('nghe kém', 'hearing loss')],
  },
  {
    key: 'ophthalmology', weight: 4,
    name: b('Mắt', 'Ophthalmology'),
    description: b('Khám mắt, tật khúc xạ và các bệnh lý về mắt.', 'Eye examinations, refractive errors and eye disease.'),
    symptoms: [b('Mờ mắt', 'Blurred vision'), b('Đỏ mắt', 'Red eyes'), b('Khô mắt', 'Dry eyes'), b('Cận thị ở trẻ', 'Short-sightedness in children')],
    focus: [b('tật khúc xạ', 'refractive errors'), b('đục thủy tinh thể', 'cataracts'), b('tăng nhãn áp', 'glaucoma')],
  },
  {
    key: 'dentistry', weight: 4,
    name: b('Răng Hàm Mặt', 'Dentistry and Oral Surgery'),
    description: b('Chăm sóc răng miệng và phẫu thuật hàm mặt.', 'Dental care and oral and maxillofacial surgery.'),
    symptoms: [b('Đau răng', 'Toothache'), b('Chảy máu chân răng', 'Bleeding gums'), b('Hôi miệng', 'Bad breath'), b('Răng ê buốt', 'Sensitive teeth')],
    focus: [b('sâu răng', 'tooth decay'), b('bệnh nha chu', 'gum disease'), b('chỉnh nha', 'orthodontics')],
  },
  {
    key: 'obstetrics', weight: 7,
    name: b('Sản phụ khoa', 'Obstetrics and Gynaecology'),
    description: b('Chăm sóc thai kỳ và sức khỏe sinh sản nữ.', "Pregnancy care and women's reproductive health."),
    symptoms: [b('Rối loạn kinh nguyệt', 'Irregular periods'), b('Đau bụng kinh', 'Period pain'), b('Khám thai định kỳ', 'Routine pregnancy check'), b('Khí hư bất thường', 'Abnormal vaginal discharge')],
    focus: [b('theo dõi thai kỳ', 'antenatal care'), b('hiếm muộn', 'fertility problems'), b('bệnh phụ khoa', 'gynaecological conditions')],
  },
  {
    key: 'neurology', weight: 5,
    name: b('Thần kinh', 'Neurology'),
    description: b('Bệnh lý não, tủy sống và dây thần kinh.', 'Conditions of the brain, spinal cord and nerves.'),
    symptoms: [b('Đau đầu', 'Headache'), b('Chóng mặt', 'Dizziness'), b('Mất ngủ', 'Insomnia'), b('Tê bì tay chân', 'Numbness in hands and feet')],
    focus: [b('đau đầu mạn tính', 'chronic headache'), b('đột quỵ', 'stroke'), b('động kinh', 'epilepsy')],
  },
  {
    key: 'gastroenterology', weight: 6,
    name: b('Tiêu hóa', 'Gastroenterology'),
    description: b('Bệnh lý dạ dày, ruột, gan và đường mật.', 'Conditions of the stomach, bowel, liver and bile ducts.'),
    symptoms: [b('Đau dạ dày', 'Stomach pain'), b('Ợ nóng, trào ngược', 'Heartburn and reflux'), b('Táo bón', 'Constipation'), b('Tiêu chảy', 'Diarrhoea'), b('Đầy hơi, khó tiêu', 'Bloating and indigestion')],
    focus: [b('viêm loét dạ dày', 'stomach ulcers'), b('trào ngược dạ dày thực quản', 'acid reflux'), b('viêm gan', 'hepatitis')],
  },
  {
    key: 'respiratory', weight: 5,
    name: b('Hô hấp', 'Respiratory Medicine'),
    description: b('Bệnh lý phổi và đường hô hấp.', 'Conditions of the lungs and airways.'),
    symptoms: [b('Ho kéo dài', 'Persistent cough'), b('Khó thở', 'Shortness of breath'), b('Thở khò khè', 'Wheezing'), b('Ho có đờm', 'Cough with phlegm')],
    focus: [b('hen phế quản', 'asthma'), b('bệnh phổi tắc nghẽn mạn tính', 'COPD'), b('viêm phổi', 'pneumonia')],
  },
  {
    key: 'rheumatology', weight: 5,
    name: b('Cơ xương khớp', 'Rheumatology'),
    description: b('Bệnh lý khớp, cơ và xương.', 'Conditions of the joints, muscles and bones.'),
    symptoms: [b('Đau khớp gối', 'Knee pain'), b('Đau lưng', 'Back pain'), b('Đau vai gáy', 'Neck and shoulder pain'), b('Cứng khớp buổi sáng', 'Morning joint stiffness')],
    focus: [b('thoái hóa khớp', 'osteoarthritis'), b('gút', 'gout'), b('loãng xương', 'osteoporosis')],
  },
  {
    key: 'orthopaedics', weight: 4,
    name: b('Chấn thương chỉnh hình', 'Orthopaedics and Trauma'),
    description: b('Chấn thương và phẫu thuật xương khớp.', 'Injuries and surgery of bones and joints.'),
    symptoms: [b('Bong gân', 'Sprains'), b('Đau sau chấn thương', 'Pain after an injury'), b('Nghi gãy xương', 'Suspected broken bone')],
    focus: [b('chấn thương thể thao', 'sports injuries'), b('thay khớp', 'joint replacement'), b('gãy xương', 'fractures')],
  },
  {
    key: 'endocrinology', weight: 5,
    name: b('Nội tiết', 'Endocrinology'),
    description: b('Đái tháo đường, tuyến giáp và rối loạn nội tiết.', 'Diabetes, thyroid and hormone disorders.'),
    symptoms: [b('Đường huyết cao', 'High blood sugar'), b('Khát nhiều, tiểu nhiều', 'Excessive thirst and urination'), b('Bướu cổ', 'Goitre'), b('Tăng cân nhanh', 'Rapid weight gain')],
    focus: [b('đái tháo đường', 'diabetes'), b('bệnh tuyến giáp', 'thyroid disease'), b('rối loạn mỡ máu', 'high cholesterol')],
  },
  {
    key: 'urology', weight: 4,
    name: b('Thận - Tiết niệu', 'Nephrology and Urology'),
    description: b('Bệnh lý thận và đường tiết niệu.', 'Conditions of the kidneys and urinary tract.'),
    symptoms: [b('Tiểu buốt', 'Painful urination'), b('Tiểu đêm nhiều lần', 'Frequent urination at night'), b('Đau hông lưng', 'Flank pain')],
    focus: [b('sỏi thận', 'kidney stones'), b('viêm đường tiết niệu', 'urinary tract infections'), b('bệnh thận mạn', 'chronic kidney disease')],
  },
  {
    key: 'oncology', weight: 3,
    name: b('Ung bướu', 'Oncology'),
    description: b('Tầm soát, chẩn đoán và điều trị ung thư.', 'Cancer screening, diagnosis and treatment.'),
    symptoms: [b('Nổi hạch', 'Swollen lymph nodes'), b('Khối u bất thường', 'Unusual lump')],
    focus: [b('tầm soát ung thư', 'cancer screening'), b('ung thư vú', 'breast cancer'), b('ung thư đường tiêu hóa', 'digestive cancers')],
  },
  {
    key: 'psychiatry', weight: 3,
    name: b('Tâm thần', 'Psychiatry'),
    description: b('Sức khỏe tâm thần: lo âu, trầm cảm, rối loạn giấc ngủ.', 'Mental health: anxiety, depression and sleep problems.'),
    symptoms: [b('Lo âu', 'Anxiety'), b('Buồn chán kéo dài', 'Persistent low mood'), b('Căng thẳng kéo dài', 'Ongoing stress')],
    focus: [b('rối loạn lo âu', 'anxiety disorders'), b('trầm cảm', 'depression'), b('rối loạn giấc ngủ', 'sleep disorders')],
  },
  {
    key: 'nutrition', weight: 2,
    name: b('Dinh dưỡng', 'Nutrition'),
    description: b('Tư vấn dinh dưỡng cho người bệnh và người khỏe mạnh.', 'Dietary advice for patients and healthy people.'),
    symptoms: [b('Thừa cân, béo phì', 'Overweight'), b('Suy dinh dưỡng', 'Malnutrition')],
    focus: [b('dinh dưỡng lâm sàng', 'clinical nutrition'), b('kiểm soát cân nặng', 'weight management')],
  },
  {
    key: 'traditional', weight: 3,
    name: b('Y học cổ truyền', 'Traditional Medicine'),
    description: b('Châm cứu, xoa bóp bấm huyệt và thuốc y học cổ truyền.', 'Acupuncture, acupressure and traditional remedies.'),
    symptoms: [b('Đau mỏi cơ', 'Aching muscles'), b('Suy nhược cơ thể', 'General weakness')],
    focus: [b('châm cứu', 'acupuncture'), b('phục hồi sau ốm', 'recovery after illness')],
  },
  {
    key: 'rehabilitation', weight: 2,
    name: b('Phục hồi chức năng', 'Rehabilitation'),
    description: b('Vật lý trị liệu và phục hồi vận động.', 'Physiotherapy and recovery of movement.'),
    symptoms: [b('Yếu liệt sau đột quỵ', 'Weakness after a stroke'), b('Hạn chế vận động khớp', 'Stiff, limited joint movement')],
    focus: [b('phục hồi sau đột quỵ', 'stroke rehabilitation'), b('vật lý trị liệu', 'physiotherapy')],
  },
  {
    key: 'andrology', weight: 2,
    name: b('Nam khoa', 'Andrology'),
    description: b('Sức khỏe sinh sản và tiết niệu nam giới.', "Men's reproductive and urological health."),
    symptoms: [b('Rối loạn cương dương', 'Erectile problems'), b('Đau tinh hoàn', 'Testicular pain')],
    focus: [b('hiếm muộn nam', 'male infertility'), b('bệnh tuyến tiền liệt', 'prostate conditions')],
  },
  {
    key: 'infectious', weight: 2,
    name: b('Truyền nhiễm', 'Infectious Diseases'),
    description: b('Bệnh do vi khuẩn, vi rút và ký sinh trùng.', 'Diseases caused by bacteria, viruses and parasites.'),
    symptoms: [b('Sốt xuất huyết', 'Dengue fever'), b('Vàng da', 'Yellowing of the skin (jaundice)')],
    focus: [b('sốt xuất huyết', 'dengue fever'), b('viêm gan vi rút', 'viral hepatitis')],
  },
  {
    key: 'allergy', weight: 2,
    name: b('Dị ứng - Miễn dịch', 'Allergy and Immunology'),
    description: b('Dị ứng, mề đay và bệnh miễn dịch.', 'Allergies, hives and immune disorders.'),
    symptoms: [b('Hắt hơi, sổ mũi dị ứng', 'Allergic sneezing and runny nose'), b('Nổi mề đay', 'Hives')],
    focus: [b('viêm mũi dị ứng', 'hay fever'), b('dị ứng thức ăn', 'food allergies')],
  },
  {
    key: 'haematology', weight: 2,
    name: b('Huyết học', 'Haematology'),
    description: b('Bệnh lý về máu và cơ quan tạo máu.', 'Conditions of the blood and bone marrow.'),
    symptoms: [b('Thiếu máu, da xanh xao', 'Anaemia and pale skin'), b('Dễ bầm tím', 'Bruising easily')],
    focus: [b('thiếu máu', 'anaemia'), b('rối loạn đông máu', 'bleeding disorders')],
  },
  {
    key: 'geriatrics', weight: 3,
    name: b('Lão khoa', 'Geriatrics'),
    description: b('Chăm sóc sức khỏe toàn diện cho người cao tuổi.', 'Whole-person care for older adults.'),
    symptoms: [b('Suy giảm trí nhớ', 'Memory problems'), b('Hay té ngã ở người cao tuổi', 'Falls in older adults')],
    focus: [b('sa sút trí tuệ', 'dementia'), b('chăm sóc người cao tuổi đa bệnh', 'care of older people with several conditions')],
  },
];
