import { SPECIALITIES, type Bilingual, type SpecialityData } from './data/medical';
import { FAMILY_NAMES, GIVEN_NAMES, MIDDLE_NAMES, TITLES, type Gender, type Title } from './data/people';
import { weighted } from './places';
import type { Rng } from './prng';

/** A doctor about to be inserted; indexes point into SPECIALITIES and the planned hospitals. */
export interface DoctorPlan {
  fullName: string;
  gender: Gender;
  title: Title;
  experienceYears: number;
  /** The average the seeded reviews centre on (the stored rating is the reviews' own average). */
  rating: number;
  /** How popular the doctor is: min(8, ratingCount) reviews are seeded (none for 0). */
  ratingCount: number;
  specialities: number[];
  hospitals: number[];
  languageIds: number[];
  /** [service type id, price in VND]; hospital visit always, video and home visit for some. */
  prices: [number, number][];
  biography: Bilingual;
  licenseNumber: string;
  approvalStatus: 0 | 1 | 2;
}

const SCHOOLS: Bilingual[] = [
  { vi: 'Trường Đại học Y Hà Nội', en: 'Hanoi Medical University' },
  { vi: 'Đại học Y Dược TP. Hồ Chí Minh', en: 'the University of Medicine and Pharmacy at Ho Chi Minh City' },
  { vi: 'Trường Đại học Y khoa Phạm Ngọc Thạch', en: 'Pham Ngoc Thach University of Medicine' },
  { vi: 'Trường Đại học Y Dược Huế', en: 'Hue University of Medicine and Pharmacy' },
  { vi: 'Trường Đại học Y Dược Cần Thơ', en: 'Can Tho University of Medicine and Pharmacy' },
  { vi: 'Trường Đại học Y Dược Thái Nguyên', en: 'Thai Nguyen University of Medicine and Pharmacy' },
  { vi: 'Học viện Quân y', en: 'the Vietnam Military Medical University' },
];
const ABROAD: Bilingual[] = [
  { vi: 'Pháp', en: 'France' },
  { vi: 'Nhật Bản', en: 'Japan' },
  { vi: 'Hàn Quốc', en: 'South Korea' },
  { vi: 'Úc', en: 'Australia' },
  { vi: 'Singapore', en: 'Singapore' },
  { vi: 'Hoa Kỳ', en: 'the United States' },
];
/** Optional doctor languages (language_id, probability); Vietnamese (2) is always spoken. */
const EXTRA_LANGUAGES: [number, number][] = [
  [1, 0.45],
  [3, 0.06],
  [4, 0.05],
  [5, 0.04],
  [6, 0.04],
];
const LICENCE_REGIONS = ['HNO', 'HCM', 'ĐNA', 'HP', 'CT', 'BYT', 'KH'];

/** Every 50 doctors, one waits for approval and one was rejected (so 404 paths have data). */
const approvalFor = (index: number): 0 | 1 | 2 => (index % 50 === 17 ? 0 : index % 50 === 33 ? 2 : 1);

const roundTo10k = (vnd: number) => Math.round(vnd / 10_000) * 10_000;
const clampPrice = (vnd: number) => Math.min(1_500_000, Math.max(150_000, roundTo10k(vnd)));

/** The field a speciality names in a sentence ("trong lĩnh vực tim mạch"). */
function field(spec: SpecialityData): Bilingual {
  if (spec.key === 'general') return { vi: 'y học đa khoa', en: 'general practice' };
  return { vi: spec.name.vi.toLowerCase(), en: spec.name.en };
}

function biography(rng: Rng, d: Omit<DoctorPlan, 'biography'>, hospital: string): Bilingual {
  const spec = SPECIALITIES[d.specialities[0] ?? 0] as SpecialityData;
  const [f1, f2] = rng.sample(spec.focus, 2) as [Bilingual, Bilingual | undefined];
  const focus = { vi: f2 ? `${f1.vi} và ${f2.vi}` : f1.vi, en: f2 ? `${f1.en} and ${f2.en}` : f1.en };
  const who = { vi: `${d.title.vi} ${d.fullName}`, en: `${d.title.en} ${d.fullName}` };
  const years = d.experienceYears;
  const yearsEn = `${years} year${years === 1 ? '' : 's'}`;
  const f = field(spec);
  const school = rng.pick(SCHOOLS);
  const abroad = rng.pick(ABROAD);
  const variant = rng.int(0, 2);
  const first: Bilingual =
    variant === 0
      ? {
          vi: `${who.vi} có ${years} năm kinh nghiệm trong lĩnh vực ${f.vi}, hiện công tác tại ${hospital}. Bác sĩ có thế mạnh trong chẩn đoán và điều trị ${focus.vi}.`,
          en: `${who.en} has ${yearsEn} of experience in ${f.en} and practises at ${hospital}, with particular expertise in ${focus.en}.`,
        }
      : variant === 1
        ? {
            vi: `Tốt nghiệp ${school.vi}, ${who.vi} đã gắn bó ${years} năm với chuyên ngành ${f.vi}. Hiện bác sĩ khám và tư vấn tại ${hospital}, đặc biệt quan tâm đến ${focus.vi}.`,
            en: `A graduate of ${school.en}, ${who.en} has worked in ${f.en} for ${yearsEn} and now sees patients at ${hospital}, with a special interest in ${focus.en}.`,
          }
        : {
            vi: `${who.vi} có ${years} năm kinh nghiệm khám chữa bệnh chuyên khoa ${f.vi}, từng tu nghiệp tại ${abroad.vi} và hiện làm việc tại ${hospital}. Lĩnh vực chuyên sâu: ${focus.vi}.`,
            en: `${who.en} has ${yearsEn} of clinical experience in ${f.en}, trained further in ${abroad.en} and now works at ${hospital}. Main interests: ${focus.en}.`,
          };
  const closing: Bilingual = d.languageIds.includes(1)
    ? { vi: 'Bác sĩ tư vấn bằng tiếng Việt và tiếng Anh.', en: 'Consultations in Vietnamese and English.' }
    : {
        vi: 'Bác sĩ luôn lắng nghe và giải thích cặn kẽ để người bệnh yên tâm điều trị.',
        en: 'Known for listening carefully and explaining every step of treatment.',
      };
  return { vi: `${first.vi} ${closing.vi}`, en: `${first.en} ${closing.en}` };
}

/** A planned hospital as a doctor's placement needs it: its name and what it offers. */
export interface HospitalOffer {
  name: string;
  /** Speciality keys offered; null: every speciality. */
  specialities: readonly string[] | null;
}

/**
 * The hospitals (indexes) where a doctor of these specialities can practise: those offering all
 * of them, else those offering the main one, else any (a tenant of specialised centres only).
 */
function hospitalsFor(hospitals: readonly HospitalOffer[], specialities: readonly number[]): number[] {
  const keys = specialities.map((s) => SPECIALITIES[s]?.key ?? '');
  const offering = (wanted: readonly string[]) =>
    hospitals.flatMap((h, i) =>
      !h.specialities || wanted.every((k) => h.specialities?.includes(k)) ? [i] : [],
    );
  const all = offering(keys);
  if (all.length > 0) return all;
  const main = offering(keys.slice(0, 1));
  return main.length > 0 ? main : hospitals.map((_, i) => i);
}

/** Plans one doctor at hospitals that offer their specialities (the first is named in the biography). */
export function planDoctor(rng: Rng, index: number, hospitalOffers: readonly HospitalOffer[]): DoctorPlan {
  const gender: Gender = rng.chance(0.52) ? 'F' : 'M';
  const fullName = `${rng.pick(FAMILY_NAMES)} ${rng.pick(MIDDLE_NAMES[gender])} ${rng.pick(GIVEN_NAMES[gender])}`;
  const experienceYears = Math.min(40, 1 + Math.floor(rng.next() ** 1.4 * 40));
  const title = weighted(
    rng,
    TITLES.filter((t) => t.minYears <= experienceYears),
    (t) => t.weight,
  );
  const seniority = TITLES.indexOf(title);
  const specCount = weighted(rng, [1, 2, 3], (n) => [60, 30, 10][n - 1] ?? 0);
  const main = SPECIALITIES.indexOf(weighted(rng, SPECIALITIES, (s) => s.weight));
  const others = rng.sample(
    SPECIALITIES.map((_, i) => i).filter((i) => i !== main),
    specCount - 1,
  );
  const eligible = hospitalsFor(hospitalOffers, [main, ...others]);
  // Most doctors of a speciality that has its own centre or department work there first.
  const specialised = eligible.filter((i) => hospitalOffers[i]?.specialities);
  const workplaces = rng.chance(0.3) ? 2 : 1;
  const first = specialised.length > 0 && rng.chance(0.6) ? [rng.pick(specialised)] : [];
  const hospitals = [
    ...first,
    ...rng.sample(
      eligible.filter((i) => !first.includes(i)),
      workplaces - first.length,
    ),
  ];
  const languageIds = [
    2,
    ...EXTRA_LANGUAGES.filter(([, p]) => rng.chance(p + seniority * 0.03)).map(([id]) => id),
  ];
  const visit = clampPrice(150_000 + experienceYears * 12_000 + seniority * 60_000 + rng.int(-3, 6) * 10_000);
  const prices: [number, number][] = [[0, visit]];
  if (rng.chance(0.75)) prices.push([1, clampPrice(visit * 0.8)]);
  if (rng.chance(0.3)) prices.push([2, clampPrice(visit * 1.6)]);
  const plan: Omit<DoctorPlan, 'biography'> = {
    fullName,
    gender,
    title,
    experienceYears,
    rating: Math.round((3.5 + rng.next() * 1.5) * 10) / 10,
    ratingCount: rng.int(0, 480),
    specialities: [main, ...others],
    hospitals,
    languageIds,
    prices,
    licenseNumber: `${String(rng.int(1000, 99999)).padStart(6, '0')}/${rng.pick(LICENCE_REGIONS)}-CCHN`,
    approvalStatus: approvalFor(index),
  };
  return { ...plan, biography: biography(rng, plan, hospitalOffers[hospitals[0] ?? 0]?.name ?? '') };
}
