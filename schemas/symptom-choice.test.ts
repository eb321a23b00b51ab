import { describe, expect, it } from 'vitest';
import { cleanText, textLength } from './free-text';
import { symptomChoiceProblem } from './symptom-choice';

describe('symptom choice (booking form and MakeAppointment)', () => {
  it('needs a preset, a non-blank description or "not sure", and "not sure" alone', () => {
    expect(symptomChoiceProblem({ symptomIds: [3] })).toBeNull();
    expect(symptomChoiceProblem({ symptomIds: [], otherSymptom: ' Ho khan ' })).toBeNull();
    expect(symptomChoiceProblem({ symptomIds: [], symptomsUnknown: true })).toBeNull();
    expect(symptomChoiceProblem({ symptomIds: [], otherSymptom: ' \u00a0 ' })).toBe('symptom_required');
    expect(symptomChoiceProblem({ symptomIds: [3], symptomsUnknown: true })).toBe('symptom_not_sure_alone');
    expect(symptomChoiceProblem({ symptomIds: [], otherSymptom: 'Ho', symptomsUnknown: true })).toBe(
      'symptom_not_sure_alone',
    );
  });

  it('limits the description to 200 characters (code points, after NFC and trim) without control characters', () => {
    const at = (otherSymptom: string) => symptomChoiceProblem({ symptomIds: [], otherSymptom });
    expect(at(`  ${'a'.repeat(200)}  `)).toBeNull();
    expect(at('🤒'.repeat(200))).toBeNull();
    expect(at('a'.repeat(201))).toBe('other_symptom_invalid');
    // 200 letters typed with combining marks are 200 letters once composed.
    expect(at('e\u0302\u0300'.repeat(200))).toBeNull();
    for (const control of ['\u0000', '\t', '\n', '\u007f', '\u0085'])
      expect(at(`Ho${control}khan`), JSON.stringify(control)).toBe('other_symptom_invalid');
    expect(cleanText('  ve\u0302\u0300  ')).toBe('về');
    expect(textLength('🤒a')).toBe(2);
  });
});
