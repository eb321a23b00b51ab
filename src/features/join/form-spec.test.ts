import { describe, expect, it } from 'vitest';
import { CfworkerValidator } from '../../lib/forms/cfworker-validator';
import { buildFormSpec, fieldsOfMessage } from './form-spec';
import { uploadCountError, uploadError } from './upload-rules';

const t = (key: string, options?: Record<string, unknown>) => (options?.defaultValue as string) ?? key;

describe('join form spec', () => {
  it('merges the tenant override: extra required field, own title, and keeps the base rules', () => {
    const { schema, uiSchema } = buildFormSpec(
      'join-doctor',
      {
        schema: { required: ['cityId'], properties: { biography: { title: 'Your story' } } },
        uiSchema: { biography: { 'ui:help': 'Tell us' } },
      },
      t,
      { cityId: [{ value: 1, label: 'Hà Nội' }] },
    );
    expect(schema.required).toEqual(expect.arrayContaining(['fullName', 'license', 'cityId']));
    expect((schema.properties?.biography as { title: string }).title).toBe('Your story');
    expect(uiSchema.biography).toMatchObject({ 'ui:widget': 'textarea', 'ui:help': 'Tell us' });
    expect(uiSchema.license).toEqual({ 'ui:widget': 'upload' });
    expect(uiSchema.documents).toEqual({ 'ui:widget': 'upload' });
    expect(uiSchema.cityId).toMatchObject({
      'ui:widget': 'choice',
      'ui:options': { choices: [{ value: 1, label: 'Hà Nội' }] },
    });
    const errors = new CfworkerValidator().validateFormData({}, schema).errors.map((e) => e.property);
    expect(errors).toContain('.cityId');
  });

  it('finds the fields a server message key belongs to', () => {
    const { schema } = buildFormSpec('join-hospital', undefined, t, {});
    expect(fieldsOfMessage(schema, 'must_be_bw_7_to_15').sort()).toEqual([
      'contactNumber',
      'emergencyNumber',
    ]);
  });

  it('checks files before uploading (type, size, count)', () => {
    expect(uploadError({ type: 'image/png', size: 1000 }, 'DoctorPicture')).toBeNull();
    expect(uploadError({ type: 'application/pdf', size: 1000 }, 'DoctorPicture')).toBe('invalid_file_type');
    expect(uploadError({ type: 'image/png', size: 3 * 1024 * 1024 }, 'License')).toBe('file_too_large');
    expect(uploadError({ type: 'application/pdf', size: 4 * 1024 * 1024 }, 'Documents')).toBeNull();
    expect(uploadCountError(6)).toBe('too_many_files');
    expect(uploadCountError(5)).toBeNull();
  });
});
