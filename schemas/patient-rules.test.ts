import { describe, expect, it } from 'vitest';
import { addressText, foldName } from './admin-units';
import { ageOf, missingPersonalInfo, parseDay, patientRuleProblems, todayIn } from './patient-rules';

describe('ageOf', () => {
  it('counts whole years, then months, then days', () => {
    expect(ageOf('1990-05-06', '2025-11-23')).toEqual({ years: 35, months: 6, days: 17 });
    expect(ageOf('1990-11-23', '2025-11-23')).toEqual({ years: 35, months: 0, days: 0 });
    expect(ageOf('2025-11-24', '2025-11-23')).toBeNull();
  });

  it('borrows the length of the previous month when the day is not reached', () => {
    expect(ageOf('2000-01-31', '2000-03-01')).toEqual({ years: 0, months: 1, days: 1 }); // Feb 2000: 29 days
    expect(ageOf('1999-12-15', '2000-01-10')).toEqual({ years: 0, months: 0, days: 26 });
    expect(ageOf('2000-02-29', '2001-02-28')).toEqual({ years: 0, months: 11, days: 30 });
  });

  it('rejects dates that do not exist', () => {
    expect(parseDay('1990-02-30')).toBeNull();
    expect(parseDay('90-02-03')).toBeNull();
    expect(ageOf('2001-02-29', '2025-01-01')).toBeNull();
  });
});

describe('patientRuleProblems', () => {
  const today = '2025-11-23';
  it('refuses a birth in the future or 1000 years ago, and a family member without a relation', () => {
    expect(
      patientRuleProblems({ dateOfBirth: '2025-11-24', relationId: 1 }, { isSelf: false, today }),
    ).toEqual([{ field: 'dateOfBirth', key: 'dob_in_future' }]);
    expect(
      patientRuleProblems({ dateOfBirth: '1025-11-23', relationId: 1 }, { isSelf: false, today }),
    ).toEqual([{ field: 'dateOfBirth', key: 'age_below_1000' }]);
    expect(
      patientRuleProblems({ dateOfBirth: '1025-11-24', relationId: 1 }, { isSelf: false, today }),
    ).toEqual([]);
    expect(patientRuleProblems({ dateOfBirth: '1990-01-01' }, { isSelf: false, today })).toEqual([
      { field: 'relationId', key: 'select_relation' },
    ]);
    expect(patientRuleProblems({ dateOfBirth: '1990-01-01' }, { isSelf: true, today })).toEqual([]);
  });

  it('lists the personal fields booking needs', () => {
    expect(missingPersonalInfo({ fullName: ' ', gender: null, dateOfBirth: '1990-01-01' })).toEqual([
      'valid_full_name',
      'select_gender',
    ]);
  });

  it('reads today in a time zone', () => {
    expect(todayIn('Asia/Ho_Chi_Minh', new Date('2025-11-23T18:00:00Z'))).toBe('2025-11-24');
    expect(todayIn('UTC', new Date('2025-11-23T18:00:00Z'))).toBe('2025-11-23');
  });
});

describe('addresses', () => {
  it('folds Vietnamese names and writes address text with or without a district', () => {
    expect(foldName('  Phường  Ba Đình ')).toBe('phuong ba dinh');
    expect(foldName('Thành phố Hồ Chí Minh'.normalize('NFD'))).toBe('thanh pho ho chi minh');
    expect(
      addressText({ addressLine: '1 Kim Mã', wardName: 'Phường Ba Đình', provinceName: 'Thành phố Hà Nội' }),
    ).toBe('1 Kim Mã, Phường Ba Đình, Thành phố Hà Nội');
    expect(
      addressText({
        addressLine: '5 Quang Trung',
        wardName: 'Phường 12',
        districtName: 'Quận Gò Vấp',
        provinceName: 'TP HCM',
      }),
    ).toBe('5 Quang Trung, Phường 12, Quận Gò Vấp, TP HCM');
  });
});
